// The card sprite (tools/deck.py): every <symbol> is kept (the page names each by its code),
// numbers to a tenth of a unit. A card's face is 240 x 336 units, its figure art 1,300 x 2,000,
// drawn at most a few hundred device pixels wide, so a tenth of a unit is far below a pixel.
// A card strokes and fills its pips through <use> (a stroke the symbol cannot see), so no path
// loses a closing "Z" or a segment, and no attribute equal to a default is dropped: each may
// stop what the <use> would pass on.
export default {
  multipass: true,
  floatPrecision: 1,
  plugins: [
    {
      name: "preset-default",
      params: {
        overrides: {
          removeUselessDefs: false,
          cleanupIds: false,
          removeHiddenElems: false,
          removeUnknownsAndDefaults: false,
          convertPathData: { removeUseless: false },
        },
      },
    },
  ],
};

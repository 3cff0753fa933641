// Turns the pinned deck's React components into one SVG sprite; the build calls it (tools/deck.py).
//   node tools/deck.mjs INDEX_ESM_JS OUT_SVG
// The package's compiled module is evaluated with stand-ins for its two imports: React's
// createElement builds a plain tree and Babel's `extends` is Object.assign, so React is not
// needed. Each card becomes a <symbol> named by the game's card code (QH, TD, ...), a court
// card's with class "court"; the shapes the cards use go to one <defs>, the parts of a court
// figure with class "figure" (what the browser tests look for).
// Titles and words are dropped (the game names its cards itself) and attributes get their SVG names.
import { readFileSync, writeFileSync } from "node:fs";

const [source, out] = process.argv.slice(2);
if (!out) {
  console.error("usage: node tools/deck.mjs INDEX_ESM_JS OUT_SVG");
  process.exit(2);
}

// React's camelCase props that SVG spells the same way; every other camelCase prop is kebab-case.
const KEEP = new Set(["viewBox", "preserveAspectRatio", "patternUnits"]);
const RENAME = { className: "class", xlinkHref: "href", xmlnsXlink: null, xmlns: null, "aria-labelledby": null, id: "id" };

function createElement(type, props, ...children) {
  return { type, props: props ?? {}, children: children.flat().filter((c) => c !== null && c !== undefined) };
}

function escape(text) {
  return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function attributes(props) {
  let text = "";
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null) continue;
    const renamed = Object.hasOwn(RENAME, name) ? RENAME[name] : KEEP.has(name) ? name : name.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());
    if (renamed) text += ` ${renamed}="${escape(value)}"`;
  }
  return text;
}

function serialise(node) {
  if (typeof node !== "object") return escape(node);
  const inner = node.children.map(serialise).join("");
  return `<${node.type}${attributes(node.props)}${inner ? `>${inner}</${node.type}>` : "/>"}`;
}

// The suit and the rank of a card's own corners and pips are drawn in symbols of these view
// boxes; they take the card's CSS colour (currentColor), so a four-colour deck can recolour them.
// The court figures keep their colours.
const SUIT_VIEWBOXES = new Set(["-500 -500 1000 1000", "-600 -600 1200 1200"]);
const INKS = new Set(["red", "#000"]);

function inSuitColour(node) {
  if (typeof node !== "object") return;
  if (node.type === "path" && node.props.fill === undefined) node.props.fill = "currentColor";
  for (const name of ["fill", "stroke"]) if (INKS.has(node.props[name])) node.props[name] = "currentColor";
  node.children.forEach(inSuitColour);
}

// A face's outline (white, edged in black): the game's own card button draws the card's edge.
function isOutline(node) {
  return node.type === "rect" && node.props.fill === "#fff" && node.props.stroke === "#000" && node.props.width === 239;
}

// The art's own corner index (its rank and small suit, top left and, turned, bottom right): a
// few pixels on a phone, so the game draws its own index in its place (static/app.css).
const CORNER_X = new Set([-114.4, -111.784]);

// The art's words (the ace of spades' "www.me.uk /cards/", its maker's address) read as a
// glitch under the pip; the page's footer credits the deck and links its licence instead.
function withoutCorners(node) {
  if (typeof node !== "object") return node;
  if (node.type === "use" && CORNER_X.has(node.props.x)) return null;
  if (node.type === "text") return null;
  const children = node.children.map(withoutCorners).filter((child) => child !== null);
  return node.type === "g" && !children.length ? null : { ...node, children };
}

// Component names: suit letter then rank (H10, Hq, Sa); the backs (B1, B2, drawn by the page's
// CSS instead) and the jokers (J1, J2) are left out.
function cardCode(name) {
  const card = /^([SHDC])(10|[2-9]|[ajqk])$/i.exec(name);
  if (!card) return null; // the jokers: the game has none
  const rank = card[2] === "10" ? "T" : card[2].toUpperCase();
  return rank + card[1];
}

try {
  let module = readFileSync(source, "utf8");
  module = module
    .replace(/^import _extends from '@babel\/runtime\/helpers\/extends';$/m, "const _extends = Object.assign;")
    .replace(/^import \* as React from 'react';$/m, "const React = { createElement: globalThis.__deckCreateElement };");
  if (/^import /m.test(module)) throw new Error("the deck's module imports something unknown");
  globalThis.__deckCreateElement = createElement;
  const components = await import("data:text/javascript;base64," + Buffer.from(module).toString("base64"));
  const defs = [];
  const symbols = [];
  for (const name of Object.keys(components).sort()) {
    const code = cardCode(name);
    if (!code) continue;
    const svg = components[name]({});
    const drawn = [];
    for (const child of svg.children) {
      if (child.type === "defs") defs.push(...child.children);
      else if (child.type === "symbol") defs.push(child);
      else if (child.type === "title" || isOutline(child)) continue;
      else if (withoutCorners(child)) drawn.push(withoutCorners(child));
    }
    symbols.push({ code, viewBox: svg.props.viewBox, drawn, court: "JQK".includes(code[0]) });
  }
  // Shared shapes drawn the same way are kept once (each card has its own copy of its suit).
  const kept = new Map();
  const same = {};
  const shared = [];
  for (const def of defs) {
    if (def.type === "symbol" && SUIT_VIEWBOXES.has(def.props.viewBox)) inSuitColour(def);
    else if (def.type === "symbol") def.props.className = "figure";
    const { id, ...rest } = def.props;
    const key = serialise({ ...def, props: rest });
    if (kept.has(key)) same[`#${id}`] = kept.get(key);
    else {
      kept.set(key, `#${id}`);
      shared.push(def);
    }
  }
  const relink = (node) => {
    if (typeof node !== "object") return;
    if (Object.hasOwn(same, node.props.xlinkHref)) node.props.xlinkHref = same[node.props.xlinkHref];
    node.children.forEach(relink);
  };
  shared.forEach(relink);
  symbols.forEach((symbol) => symbol.drawn.forEach(relink));
  // Only the shapes some face draws are shipped (the corners' ranks are not).
  const byId = new Map(shared.map((def) => [`#${def.props.id}`, def]));
  const used = new Set();
  const mark = (node) => {
    if (typeof node !== "object") return;
    const href = node.props.xlinkHref ?? /^url\((#[^)]+)\)$/.exec(node.props.fill ?? "")?.[1];
    if (href && !used.has(href) && byId.has(href)) {
      used.add(href);
      mark(byId.get(href));
    }
    node.children.forEach(mark);
  };
  symbols.forEach((symbol) => symbol.drawn.forEach(mark));
  const shipped = shared.filter((def) => used.has(`#${def.props.id}`));
  const sprite =
    '<svg xmlns="http://www.w3.org/2000/svg">' +
    `<defs>${shipped.map(serialise).join("")}</defs>` +
    symbols.map(({ code, viewBox, drawn, court }) => `<symbol id="${code}"${court ? ' class="court"' : ""} viewBox="${viewBox}">${drawn.map(serialise).join("")}</symbol>`).join("") +
    "</svg>\n";
  writeFileSync(out, sprite);
  console.log(`deck: ${symbols.length} faces`);
} catch (error) {
  console.error(String(error?.message ?? error).trim());
  process.exit(1);
}

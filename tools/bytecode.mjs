// Runs tools/bytecode.py inside Pyodide under Node; the build calls it (tools/stdlib.py).
//   node tools/bytecode.mjs PYODIDE_DIR STDLIB_ZIP FILES_LIST OUT_ZIP
// A failure prints its message (a Python traceback ends with the error) and exits with 1;
// left uncaught, Node would print a line of Pyodide's minified source instead.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [runtime, stdlib, files, out] = process.argv.slice(2);
if (!out) {
  console.error("usage: node tools/bytecode.mjs PYODIDE_DIR STDLIB_ZIP FILES_LIST OUT_ZIP");
  process.exit(2);
}
try {
  const { loadPyodide } = await import(pathToFileURL(join(runtime, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({ indexURL: runtime + "/" });
  pyodide.FS.mkdirTree("/work");
  pyodide.FS.writeFile("/work/stdlib.zip", new Uint8Array(readFileSync(stdlib)));
  pyodide.FS.writeFile("/work/files.txt", readFileSync(files, "utf8"));
  const script = readFileSync(new URL("./bytecode.py", import.meta.url), "utf8");
  pyodide.runPython(
    `import sys\nsys.argv = ["bytecode.py", "/work/stdlib.zip", "/work/files.txt", "/work/out.zip"]`,
  );
  pyodide.runPython(script, { filename: "bytecode.py" });
  writeFileSync(out, pyodide.FS.readFile("/work/out.zip"));
} catch (error) {
  console.error(String(error?.message ?? error).trim());
  process.exit(1);
}

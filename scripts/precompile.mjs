// @ts-check
// Compile the page's Python to bytecode for the page's own Python: the Pyodide of
// node_modules (the runtime the site ships) runs here, in Node, so the bytecode's version is
// exactly the browser's. Called by scripts/sitebuild/appzip.py, which puts each .pyc in app.zip at
// its module's path, without the source; the page then imports modules without compiling.
//
// Input (stdin): JSON [[name, source], ...]. Output (stdout): JSON {"pyc": {name: hex
// bytes}}, each an unchecked-hash .pyc, compiled with optimize=2 (no docstrings or asserts).
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const sources = JSON.parse(readFileSync(0, "utf8"));
const pyodide = await loadPyodide({ stdout: () => {}, stderr: (/** @type {string} */ line) => console.error(line) });
pyodide.globals.set("sources", pyodide.toPy(sources));
const result = pyodide.runPython(`
import importlib._bootstrap_external as external
import importlib.util
import json

compiled = {}
for name, text in sources:
    data = text.encode()
    code = compile(data, name, "exec", dont_inherit=True, optimize=2)
    pyc = external._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
    compiled[name] = bytes(pyc).hex()
json.dumps({"pyc": compiled})
`);
process.stdout.write(result);

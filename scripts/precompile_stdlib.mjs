// @ts-check
// The standard library the page starts Python with: Pyodide's own python_stdlib.zip, with
// the modules that every start imports (scripts/stdlib_startup.txt: Pyodide's, PyScript's and
// ours) as bytecode in place of their source. Pyodide ships the library as source, so every
// start compiled these modules again: about 1.7 s of the 2.4 s that Python's start takes on
// a 2-core laptop. The other modules stay source (compiled if ever imported), so the download
// grows by the difference only.
//
// The bytecode is made by the Pyodide of node_modules, running here in Node: exactly the
// browser's Python. Each module is an unchecked-hash .pyc at its module's path, without its
// source (Python imports it from the zip as it is; a traceback still names the file and the
// line), compiled at optimize=0, so the library behaves as Pyodide's own (docstrings and
// asserts kept). Same input, same bytes (fixed dates, the original order).
//
// Usage: node precompile_stdlib.mjs IN.zip OUT.zip < modules.json (a JSON list of names).
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [input, output] = process.argv.slice(2);
const modules = JSON.parse(readFileSync(0, "utf8"));
const pyodide = await loadPyodide({ stdout: () => {}, stderr: (/** @type {string} */ line) => console.error(line) });
pyodide.FS.writeFile("/tmp/in.zip", readFileSync(input));
pyodide.globals.set("modules", pyodide.toPy(modules));
const missing = pyodide.runPython(`
import importlib._bootstrap_external as external
import importlib.util
import zipfile

wanted = {}
for module in modules:
    path = module.replace(".", "/")
    wanted[f"{path}.py"] = module
    wanted[f"{path}/__init__.py"] = module
found = set()
with zipfile.ZipFile("/tmp/in.zip") as source, \\
        zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED) as out:
    for info in source.infolist():
        name, data = info.filename, source.read(info)
        if name in wanted:
            code = compile(data, name, "exec", dont_inherit=True, optimize=0)
            data = bytes(external._code_to_hash_pyc(
                code, importlib.util.source_hash(data), checked=False))
            found.add(wanted[name])
            name = name.removesuffix(".py") + ".pyc"
        entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        entry.compress_type = zipfile.ZIP_DEFLATED
        entry.external_attr = 0o644 << 16
        out.writestr(entry, data)
",".join(sorted(set(modules) - found))
`);
if (missing) {
  console.error(`not in Pyodide's standard library: ${missing}`);
  process.exit(1);
}
writeFileSync(output, pyodide.FS.readFile("/tmp/out.zip"));

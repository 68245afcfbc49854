// Loads HyperRig's .usda exports with TinyUSDZ (npm tinyusdz, pinned in package-lock.json,
// installed by scripts/deps), a second .usda reader, as a syntax check (issue 18; usdskel.md §15
// lists what TinyUSDZ 0.9.0-rc10 refuses although OpenUSD reads it). Exit 0 when every file
// loads, 1 otherwise (and when TinyUSDZ is installed but does not load), 77 (ctest's "skipped")
// when TinyUSDZ is not installed.
//
//   node check.mjs FILE.usda...                  load these files
//   node check.mjs --cli HYPERRIG_CLI --out DIR IN...
//       write each IN as .usda with hyperrig-cli first: a .usda IN through G4MF (IN -> .g4tf ->
//       .usda), a 3D G4MF or glTF IN directly, a 4D..8D G4MF IN as its cross-section (--cross-section)
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const packageFolder = join(here, "node_modules", "tinyusdz");
if (!existsSync(join(packageFolder, "tinyusdz.js"))) {
    console.log("tinyusdz is not installed (tests/usd-syntax/node_modules): run scripts/deps; " +
                "skipping");
    process.exit(77);
}
// The wasm build targets browsers only: Emscripten's Node check would abort, so the module is
// told it runs in a renderer with a window, and is handed the wasm bytes itself.
// tinyusdz.js is an ES module in a package without "type": "module". Node 20.19+ and 22.7+ detect
// that; Debian 12's Node 18 loads the .js file as CommonJS and fails on `export`. A data: URL is
// always loaded as a module, on every Node; its import.meta.url cannot resolve the wasm's
// relative URL, so locateFile names the file (the bytes are passed in anyway).
process.type = "renderer";
globalThis.window = globalThis;
const source = readFileSync(join(packageFolder, "tinyusdz.js")).toString("base64");
const { default: createModule } = await import(`data:text/javascript;base64,${source}`);
const tinyusdz = await createModule({
    wasmBinary: readFileSync(join(packageFolder, "tinyusdz.wasm")),
    locateFile: (file) => join(packageFolder, file),
});

let args = process.argv.slice(2);
let files = args;
if (args[0] === "--cli") {
    const [, cli, , out, ...inputs] = args;
    mkdirSync(out, { recursive: true });
    files = [];
    for (const input of inputs) {
        const stem = join(out, basename(input).replace(/\.(usda|g4tf|g4b|gltf|glb)$/, ""));
        let source = input;
        const extra = [];
        if (input.endsWith(".usda")) {
            source = `${stem}.g4tf`;
            execFileSync(cli, ["convert", input, source], { stdio: ["ignore", "inherit", "ignore"] });
        } else if (/-(4d|5d|6d|7d|8d)\./.test(input)) {
            extra.push("--cross-section");
        }
        execFileSync(cli, ["convert", source, `${stem}.out.usda`, ...extra], { stdio: "inherit" });
        files.push(`${stem}.out.usda`);
    }
}

let failed = false;
for (const path of files) {
    const loader = new tinyusdz.TinyUSDZLoaderNative();
    const ok = loader.loadAsLayerFromBinary(new Uint8Array(readFileSync(path)), path);
    console.log(`${path}: ${ok ? "loads" : "refused"}`);
    if (!ok) {
        console.log(`  ${loader.error()}`);
        failed = true;
    }
}
process.exit(failed ? 1 : 0);

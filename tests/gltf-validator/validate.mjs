// Runs the Khronos glTF validator (npm gltf-validator, pinned in package-lock.json, installed by
// scripts/deps) on glTF files. Exit 0 when no file has an error, 1 otherwise (and when the
// validator is installed but does not load), 77 (ctest's "skipped") when it is not installed.
//
//   node validate.mjs FILE...                          validate these files
//   node validate.mjs --cli HYPERRIG_CLI --out DIR IN...
//       convert each IN (.gltf/.glb) to G4MF and back to .gltf (float weights), .glb (unorm16)
//       and .gltf (unorm8) with hyperrig-cli, then validate every export (issue 16); a G4MF IN (.g4tf/.g4b, 4D..8D)
//       is exported with --cross-section to .gltf and .glb instead (decision 0028)
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

// Skipped only when the package is absent: one that is installed but does not load fails the
// test with Node's error instead of hiding behind a skip.
const here = dirname(fileURLToPath(import.meta.url));
if (!existsSync(join(here, "node_modules", "gltf-validator", "package.json"))) {
    console.log("gltf-validator is not installed (tests/gltf-validator/node_modules): " +
                "run scripts/deps; skipping");
    process.exit(77);
}
const validator = await import("gltf-validator");
const validateBytes = validator.validateBytes ?? validator.default.validateBytes;

let args = process.argv.slice(2);
let files = args;
if (args[0] === "--cli") {
    const [, cli, , out, ...inputs] = args;
    mkdirSync(out, { recursive: true });
    files = [];
    for (const input of inputs) {
        if (/\.(g4tf|g4b)$/.test(input)) {
            const stem = join(out, basename(input).replace(/\.(g4tf|g4b)$/, "") + "-cut");
            for (const suffix of [".gltf", ".glb"]) {
                execFileSync(cli, ["convert", input, stem + suffix, "--cross-section"],
                             { stdio: "inherit" });
                files.push(stem + suffix);
            }
            continue;
        }
        const stem = join(out, basename(input).replace(/\.(gltf|glb)$/, ""));
        execFileSync(cli, ["convert", input, `${stem}.g4tf`], { stdio: "inherit" });
        for (const [suffix, weights] of [[".gltf", "float"], [".glb", "unorm16"],
                                         ["-u8.gltf", "unorm8"]]) {
            execFileSync(cli, ["convert", `${stem}.g4tf`, stem + suffix, "--weights", weights],
                         { stdio: "inherit" });
            files.push(stem + suffix);
        }
    }
}

let failed = false;
for (const path of files) {
    const bytes = new Uint8Array(await readFile(path));
    const report = await validateBytes(bytes, {
        uri: path,
        maxIssues: 0,
        externalResourceFunction: (uri) =>
            readFile(join(dirname(path), decodeURIComponent(uri))).then((b) => new Uint8Array(b)),
    });
    const issues = report.issues;
    console.log(`${path}: ${issues.numErrors} errors, ${issues.numWarnings} warnings, ` +
                `${issues.numInfos} infos, ${issues.numHints} hints`);
    for (const message of issues.messages)
        if (message.severity <= 1)
            console.log(`  ${message.severity === 0 ? "error" : "warning"} ${message.code} ` +
                        `${message.pointer ?? ""}: ${message.message}`);
    failed = failed || issues.numErrors > 0;
}
process.exit(failed ? 1 : 0);

#!/usr/bin/env python3
"""The Debian package, built from this build tree and unpacked as apt would install it.

Runs `cpack -G DEB` on the build's CPackConfig.cmake (gzip instead of xz: the layout is what is
tested here, and xz on the sanitizer build's programs would take most of a minute on CI's two
cores), unpacks the .deb with dpkg-deb -x into a temporary root and checks:

  - the file name, and the control fields (Depends computed by dpkg-shlibdeps: the Debian packages
    of Qt, GLFW and libc the programs link, plus Qt's xcb plugin named by hand);
  - the exact list of files: the three programs, two desktop entries, the icon in each hicolor
    size, the MIME types, three man pages and the samples; nothing else (no test programs,
    static libraries or headers);
  - the desktop entries (desktop-file-validate), the MIME types (update-mime-database on a
    scratch MIME folder: the globs, magic and subclass the desktop will really use), the icons
    (PNG sizes, SVG well-formed, both what packaging/icons/generate_icons.py draws), the man pages (gzip, versioned, listing every command and
    option the programs' --help lists), the samples (bytes as in assets/samples);
  - the unpacked hyperrig-cli runs: --version, and `info --json` on the unpacked 4D sample.

cpack only installs what the build made (no build step), so this neither rebuilds nor needs a
display. Decision 0047.

Usage: check_package.py --cpack CPACK --build-dir BUILD --source-dir SOURCE --version X.Y.Z
"""

import argparse
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree
import zlib
from pathlib import Path

# hicolor sizes the icon comes in (packaging/icons/generate_icons.py), plus the scalable SVG.
ICON_SIZES = (16, 22, 24, 32, 48, 64, 128, 256)
PROGRAMS = ("hyperrig", "hyperrig-cli", "hyperrig-view")
# Debian packages whose libraries the programs link (dpkg-shlibdeps must find them), and the one
# named by hand in packaging/CMakeLists.txt.
EXPECTED_DEPENDS = ("libc6", "libqt6widgets6", "libglfw3", "libegl1", "qt6-qpa-plugins")

# The elements of the shared-mime-info specification ("The source XML files"; Debian ships it in
# /usr/share/doc/shared-mime-info/shared-mime-info-spec.xml.gz).
MIME_NAMESPACE = "http://www.freedesktop.org/standards/shared-mime-info"
MIME_ELEMENTS = {"mime-info", "mime-type", "comment", "acronym", "expanded-acronym", "icon",
                 "generic-icon", "glob", "glob-deleteall", "magic", "magic-deleteall", "match",
                 "sub-class-of", "alias", "root-XML", "treemagic", "treematch"}

failures = []


def fail(message):
    failures.append(message)
    print(f"FAIL: {message}")


def run(command, **kwargs):
    return subprocess.run(command, capture_output=True, text=True, check=False, **kwargs)


def need_tool(name, package):
    path = shutil.which(name)
    if not path:
        sys.exit(f"check_package: {name} not found; scripts/deps installs it ({package})")
    return path


def build_package(args, work):
    command = [args.cpack, "-G", "DEB", "--config", str(args.build_dir / "CPackConfig.cmake"),
               "-B", str(work), "-D", "CPACK_DEBIAN_COMPRESSION_TYPE=gzip"]
    result = run(command)
    if result.returncode != 0:
        print(result.stdout + result.stderr)
        sys.exit(f"check_package: cpack failed: {' '.join(command)}")
    return sorted(work.glob("*.deb"))


def check_control(deb, args, architecture):
    fields = {}
    for name in ("Package", "Version", "Architecture", "Depends", "Section", "Maintainer",
                 "Description"):
        fields[name] = run(["dpkg-deb", "-f", str(deb), name]).stdout.strip()
    for name, expected in (("Package", "hyperrig"), ("Version", args.version),
                           ("Architecture", architecture), ("Section", "graphics")):
        if fields[name] != expected:
            fail(f"control field {name} is '{fields[name]}', expected '{expected}'")
    if not fields["Maintainer"] or not fields["Description"]:
        fail("control fields Maintainer and Description must not be empty")
    depends = {re.sub(r"\s*\(.*\)", "", item).strip() for item in fields["Depends"].split(",")}
    for package in EXPECTED_DEPENDS:
        if package not in depends:
            fail(f"Depends lacks {package} (dpkg-shlibdeps did not run?): {fields['Depends']}")
    print(f"Depends: {fields['Depends']}")


def expected_files(args):
    files = {f"usr/bin/{program}" for program in PROGRAMS}
    files |= {"usr/share/applications/hyperrig.desktop",
              "usr/share/applications/hyperrig-view.desktop",
              "usr/share/mime/packages/hyperrig.xml",
              "usr/share/icons/hicolor/scalable/apps/hyperrig.svg"}
    files |= {f"usr/share/icons/hicolor/{size}x{size}/apps/hyperrig.png" for size in ICON_SIZES}
    files |= {f"usr/share/man/man1/{program}.1.gz" for program in PROGRAMS}
    files |= {f"usr/share/hyperrig/samples/{sample.name}"
              for sample in (args.source_dir / "assets" / "samples").glob("*.g4tf")}
    return files


def check_contents(deb, args):
    lines = run(["dpkg-deb", "-c", str(deb)]).stdout.splitlines()
    files = set()
    for line in lines:
        path = line.split()[5] if len(line.split()) >= 6 else ""
        if path and not path.endswith("/"):
            files.add(path.removeprefix("./"))
    expected = expected_files(args)
    for missing in sorted(expected - files):
        fail(f"the package lacks {missing}")
    for extra in sorted(files - expected):
        fail(f"the package holds {extra}, which is not one of its files")


def png_size(path):
    data = path.read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        return None
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def png_pixels(path):
    """The decompressed image data (filter bytes and rows) of a PNG: zlib versions may pack the
    same pixels differently."""
    data, at, idat = path.read_bytes(), 8, b""
    while at < len(data):
        length = int.from_bytes(data[at:at + 4], "big")
        if data[at + 4:at + 8] == b"IDAT":
            idat += data[at + 8:at + 8 + length]
        at += 12 + length
    return zlib.decompress(idat)


def check_icons(root, args):
    icons = root / "usr/share/icons/hicolor"
    # The committed icons must be what packaging/icons/generate_icons.py draws now (decision
    # 0046): an edit of the shapes without a re-run, or a hand-edited PNG, fails here.
    sys.path.insert(0, str(args.source_dir / "packaging" / "icons"))
    sys.dont_write_bytecode = True  # no __pycache__ in the source tree
    import generate_icons  # pylint: disable=import-outside-toplevel
    for size in ICON_SIZES:
        png = icons / f"{size}x{size}/apps/hyperrig.png"
        if not png.exists():
            continue
        if png_size(png) != (size, size):
            fail(f"{png.relative_to(root)} is {png_size(png)}, not a {size}x{size} PNG")
        elif png_pixels(png) != b"".join(b"\x00" + row for row in generate_icons.rasterise(size)):
            fail(f"{png.relative_to(root)} is not what generate_icons.py draws; run it")
    svg = icons / "scalable/apps/hyperrig.svg"
    if svg.exists() and svg.read_text() != generate_icons.svg_text():
        fail(f"{svg.relative_to(root)} is not what generate_icons.py writes; run it")
    if svg.exists():
        try:
            tag = ElementTree.parse(svg).getroot().tag
            if tag != "{http://www.w3.org/2000/svg}svg":
                fail(f"{svg.relative_to(root)}: root element {tag}, not an SVG")
        except ElementTree.ParseError as error:
            fail(f"{svg.relative_to(root)} is not well-formed XML: {error}")


def check_desktop_entries(root):
    validate = need_tool("desktop-file-validate", "desktop-file-utils")
    for name in ("hyperrig.desktop", "hyperrig-view.desktop"):
        entry = root / "usr/share/applications" / name
        if not entry.exists():
            continue
        result = run([validate, str(entry)])
        # Errors fail it (exit 1); warnings and hints are printed with exit 0 and fail it too.
        if result.returncode != 0 or result.stdout.strip() or result.stderr.strip():
            fail(f"desktop-file-validate {name}:\n{result.stdout}{result.stderr}")
        text = entry.read_text()
        if "Icon=hyperrig\n" not in text:
            fail(f"{name} does not use the installed icon (Icon=hyperrig)")
        if not re.search(r"^Exec=\S+ %f$", text, re.MULTILINE):
            fail(f"{name}: Exec must take the file to open (%f)")
    editor = root / "usr/share/applications/hyperrig.desktop"
    viewer = root / "usr/share/applications/hyperrig-view.desktop"
    if editor.exists() and viewer.exists():
        # The editor is the default handler because it is the only one (decision 0046).
        if "MimeType=model/g4mf+json;model/g4mf-binary;" not in editor.read_text():
            fail("hyperrig.desktop must claim model/g4mf+json and model/g4mf-binary")
        if "MimeType=" in viewer.read_text():
            fail("hyperrig-view.desktop claims MIME types: the editor would not be the default")


def check_mime(root, work):
    update = need_tool("update-mime-database", "shared-mime-info")
    source = root / "usr/share/mime/packages/hyperrig.xml"
    if not source.exists():
        return
    mime = work / "mime"
    (mime / "packages").mkdir(parents=True)
    shutil.copy(source, mime / "packages" / "hyperrig.xml")
    # It reports a bad file on stderr and still exits 0; with its folder outside XDG_DATA_DIRS it
    # would also print a note there.
    result = run([update, str(mime)], env={**os.environ, "XDG_DATA_DIRS": str(work)})
    if result.returncode != 0 or result.stderr.strip():
        fail(f"update-mime-database rejects hyperrig.xml:\n{result.stdout}{result.stderr}")
        return
    globs = (mime / "globs2").read_text().splitlines() if (mime / "globs2").exists() else []
    for entry in ("model/g4mf+json:*.g4tf", "model/g4mf-binary:*.g4b"):
        if not any(line.endswith(":" + entry) for line in globs):
            fail(f"the MIME database has no glob {entry}: {globs}")
    magic = (mime / "magic").read_bytes() if (mime / "magic").exists() else b""
    if b"[60:model/g4mf-binary]" not in magic or b"G4MF" not in magic:
        fail("the MIME database does not recognise a .g4b by its magic bytes G4MF")
    # update-mime-database ignores elements it does not know (a misspelt <coment>): the spec's
    # elements only, in its namespace.
    for element in ElementTree.parse(source).iter():
        namespace, _, name = element.tag.rpartition("}")
        if namespace != "{" + MIME_NAMESPACE or name not in MIME_ELEMENTS:
            fail(f"hyperrig.xml: <{element.tag}> is not a shared-mime-info element")
    subclasses = (mime / "subclasses").read_text() if (mime / "subclasses").exists() else ""
    if "model/g4mf+json application/json" not in subclasses:
        fail("model/g4mf+json is not a subclass of application/json in the MIME database")


def long_options(text):
    return set(re.findall(r"(?<![\w-])--[a-z][a-z0-9-]*", text))


def check_man_pages(root, args):
    pages = {}
    for program in PROGRAMS:
        page = root / f"usr/share/man/man1/{program}.1.gz"
        if not page.exists():
            continue
        try:
            text = gzip.decompress(page.read_bytes()).decode()
        except (OSError, UnicodeDecodeError) as error:
            fail(f"{page.relative_to(root)} is not a gzip-compressed text: {error}")
            continue
        if f"\n.TH {program.upper()} 1 " not in text:
            fail(f"{program}.1 has no .TH {program.upper()} 1 header")
        if f"HyperRig {args.version}" not in text:
            fail(f"{program}.1 does not name the version {args.version}")
        # As a reader sees it: roff's \- is a hyphen, font changes (\fB, \fI, \fR) vanish.
        pages[program] = re.sub(r"\\f[BIRP]", "", text.replace("\\-", "-"))
    # Every command and option the programs list must be in their man pages.
    for program in ("hyperrig-cli", "hyperrig-view"):
        if program not in pages:
            continue
        result = run([str(root / "usr/bin" / program), "--help"])
        if result.returncode != 0:
            fail(f"the unpacked {program} --help exits with {result.returncode}: {result.stderr}")
            continue
        for option in sorted(long_options(result.stdout) - long_options(pages[program])):
            fail(f"{program}.1 does not mention {option}, which {program} --help lists")
        if program == "hyperrig-cli":
            commands = re.search(r"\nCommands:\n(.*?)\n\n", result.stdout, re.DOTALL)
            if not commands:
                fail("hyperrig-cli --help has no Commands: list to compare the man page with")
                continue
            for line in commands.group(1).splitlines():
                name = line.split()[0]
                if f'.BI "{name} ' not in pages[program]:
                    fail(f"hyperrig-cli.1 has no entry for the command {name}")


def check_samples(root, args):
    for sample in (args.source_dir / "assets" / "samples").glob("*.g4tf"):
        installed = root / "usr/share/hyperrig/samples" / sample.name
        if installed.exists() and installed.read_bytes() != sample.read_bytes():
            fail(f"the installed {sample.name} differs from assets/samples/{sample.name}")


def check_programs_run(root, args):
    cli = root / "usr/bin/hyperrig-cli"
    for program in PROGRAMS:
        path = root / "usr/bin" / program
        if path.exists() and not os.access(path, os.X_OK):
            fail(f"usr/bin/{program} is not executable")
    if not cli.exists():
        return
    result = run([str(cli), "--version"])
    if result.returncode != 0 or result.stdout != f"hyperrig-cli {args.version}\n":
        fail(f"the unpacked hyperrig-cli --version: exit {result.returncode}, "
             f"'{result.stdout}{result.stderr}'")
    sample = root / "usr/share/hyperrig/samples/creature-4d.g4tf"
    result = run([str(cli), "info", str(sample), "--json"])
    if result.returncode != 0:
        fail(f"the unpacked hyperrig-cli info on the unpacked sample: exit {result.returncode}, "
             f"{result.stderr}")
        return
    info = json.loads(result.stdout)
    # assets/README.md: the 4D creature has 24 bones and the TPose and APose bind poses.
    details = info.get("skeletonDetails") or [{}]
    if (info.get("dimension"), info.get("bones"), details[0].get("bindPoses")) != (
            4, 24, ["TPose", "APose"]):
        fail(f"hyperrig-cli info on the installed creature-4d.g4tf: {result.stdout}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cpack", required=True)
    parser.add_argument("--build-dir", required=True, type=Path)
    parser.add_argument("--source-dir", required=True, type=Path)
    parser.add_argument("--version", required=True)
    args = parser.parse_args()
    need_tool("dpkg-deb", "dpkg")
    architecture = run(["dpkg", "--print-architecture"]).stdout.strip()

    with tempfile.TemporaryDirectory(prefix="hyperrig-package-") as scratch:
        work = Path(scratch)
        debs = build_package(args, work)
        expected_name = f"hyperrig_{args.version}_{architecture}.deb"
        if [deb.name for deb in debs] != [expected_name]:
            sys.exit(f"check_package: cpack wrote {[deb.name for deb in debs]}, "
                     f"expected [{expected_name}]")
        deb = debs[0]
        check_control(deb, args, architecture)
        check_contents(deb, args)
        root = work / "root"
        result = run(["dpkg-deb", "-x", str(deb), str(root)])
        if result.returncode != 0:
            sys.exit(f"check_package: dpkg-deb -x failed: {result.stderr}")
        check_icons(root, args)
        check_desktop_entries(root)
        check_mime(root, work)
        check_man_pages(root, args)
        check_samples(root, args)
        check_programs_run(root, args)

    if failures:
        print(f"check_package: {len(failures)} problem(s) with {expected_name}")
        return 1
    print(f"check_package: {expected_name} holds what it should, and its hyperrig-cli runs")
    return 0


if __name__ == "__main__":
    sys.exit(main())

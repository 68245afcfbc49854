#!/usr/bin/env python3
"""The editor's acceptance run: a person authoring a small 4D rig, driven from outside through the
accessibility bus (AT-SPI), the way a screen reader or an acceptance script sees the editor.

Run inside ../shared/tools/a11y/session.sh (Xvfb + D-Bus + AT-SPI); ctest does that (label
`acceptance`). Everything here is found by role and visible label, never by object name, so a
control that a screen reader cannot find or set by its label fails this run.

usage: editor_acceptance.py A11Y_TOOLS_DIR HYPERRIG HYPERRIG_CLI SOURCE_DIR
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

a11y_dir, editor, cli, source_dir = sys.argv[1:5]
sys.path.insert(0, a11y_dir)
import atspi_driver as d  # noqa: E402

step_number = 0


def step(text):
    global step_number
    step_number += 1
    print("step %d: %s" % (step_number, text), flush=True)


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def starting(prefix):
    """A name matcher (the driver takes callables): names that start with prefix."""
    return lambda name: name.startswith(prefix)


def dock(title):
    return d.find("frame", title)


def outliner_rows():
    # A tree shows as a table: every row has a name cell and a "Visible" cell.
    return [d.name_of(c) for c in d.items(dock("Outliner")) if d.name_of(c) != "Visible"]


def wait_for(predicate, message, timeout=20.0):
    return d.wait_until(predicate, timeout=timeout, message=message)


def title():
    return d.name_of(d.main_window())


def history_rows():
    return [d.name_of(c) for c in d.items(dock("History"))]


def menu_item_name(*path):
    """The accessible name of a menu item, found without pressing it."""
    node = d.find("menu bar", None, within=d.main_window())
    for part in path:
        matches = [c for c in d._menu_children(node)
                   if d._name_matches(d.name_of(c), part)]
        check(matches, "no menu item %r under %r" % (part, d.name_of(node)))
        node = matches[0]
    return d.name_of(node)


def inspector_value(label):
    return d.get_value(d.field(label, within=dock("Inspector")))


CONTROL_ROLES = ("push button", "toggle button", "check box", "radio button", "spin button",
                 "text", "combo box", "slider", "menu item", "check menu item", "tree", "table",
                 "list", "page tab")


def unnamed_controls(root):
    """Showing controls a screen reader could not announce: no accessible name at all."""
    missing = []
    for node in d.find_all(CONTROL_ROLES, None, root, showing=True):
        if not (d.name_of(node) or "").strip():
            missing.append(d.describe(node))
    return missing


work = tempfile.mkdtemp(prefix="hyperrig-acceptance-")
settings = os.path.join(work, "config")
os.makedirs(settings)
# A private settings folder: no recent files, no dock layout from a developer's own runs.
env = {"XDG_CONFIG_HOME": settings, "LC_ALL": "C.UTF-8"}
saved = os.path.join(work, "arm-rig.g4tf")

try:
    step("the editor starts without a file")
    app = d.launch([editor], timeout=90, env=env)
    for name in ("Outliner", "Inspector", "Validation", "History"):
        dock(name)

    step("File > New 4D Document gives one root node named Scene")
    d.menu("File", "New 4D Document")
    wait_for(lambda: outliner_rows() == ["Scene"],
             lambda: "outliner rows %r, expected ['Scene']" % outliner_rows())

    step("Add > Add Skeleton, then Add Child Bone twice builds a chain")
    d.menu("Add", "Add Skeleton")
    wait_for(lambda: "Skeleton" in outliner_rows(), "no Skeleton row after Add Skeleton")
    d.select_item(dock("Outliner"), "Skeleton")
    d.menu("Add", "Add Child Bone")
    wait_for(lambda: "Bone" in outliner_rows(), "no Bone row after Add Child Bone")
    d.select_item(dock("Outliner"), "Bone")
    d.menu("Add", "Add Child Bone")
    wait_for(lambda: "Bone2" in outliner_rows(),
             lambda: "no Bone2 row after the second Add Child Bone: %r" % outliner_rows())
    check(outliner_rows() == ["Scene", "Skeleton", "Bone", "Bone2"],
          "outliner rows %r" % outliner_rows())

    step("the inspector shows the selected bone; a name with ':' is refused with the reason and "
         "kept to be corrected")
    d.select_item(dock("Outliner"), "Bone")
    name_field = d.field("Name", within=dock("Inspector"))
    wait_for(lambda: d.get_text(name_field) == "Bone",
             lambda: "inspector name %r, expected 'Bone'" % d.get_text(name_field))
    d.set_text(name_field, "Upper:Arm")
    # Refused on Enter, the typed name stays in the field to be corrected (ui-style.md §3).
    wait_for(lambda: "':'" in d.status_text() or "colon" in d.status_text().lower(),
             lambda: "status bar %r does not give the reason" % d.status_text())
    check(d.get_text(name_field) == "Upper:Arm",
          "a refused name was not kept in the field: %r" % d.get_text(name_field))
    check(outliner_rows() == ["Scene", "Skeleton", "Bone", "Bone2"],
          "a refused rename changed the outliner: %r" % outliner_rows())

    step("a valid name is taken, and Edit > Undo names the command")
    d.set_text(name_field, "UpperArm")
    wait_for(lambda: "UpperArm" in outliner_rows(), "the outliner does not show UpperArm")
    wait_for(lambda: menu_item_name("Edit", starting("Undo")) == "Undo Rename Node",
             lambda: "Edit menu says %r" % menu_item_name("Edit", starting("Undo")))

    step("Position x is typed, undone exactly and redone")
    position_x = d.field("Position x", within=dock("Inspector"))
    before = d.get_value(position_x)
    d.set_text(position_x, "0.25")
    wait_for(lambda: re.match("^Undo ", menu_item_name("Edit", starting("Undo")))
             and menu_item_name("Edit", starting("Undo")) != "Undo Rename Node",
             "typing a position made no undo step")
    d.menu("Edit", starting("Undo "))
    wait_for(lambda: inspector_value("Position x") == before,
             lambda: "undo left Position x at %r, expected %r"
             % (inspector_value("Position x"), before))
    d.menu("Edit", starting("Redo "))
    wait_for(lambda: abs(inspector_value("Position x") - 0.25) < 1e-12,
             lambda: "redo gave Position x %r" % inspector_value("Position x"))

    step("the History dock lists the new document, then one row per command")
    rows = history_rows()
    check(len(rows) == 6, "history rows %r: expected the new document + 5 commands" % rows)

    step("the Bones panel (a tab beside the Inspector) sets the bone's length and mass")
    d.click(d.find("page tab", "Bones"))
    bones = dock("Bones")
    d.set_text(d.field("Length", within=bones), "0.3")
    wait_for(lambda: abs(d.get_value(d.field("Length", within=bones)) - 0.3) < 1e-12,
             "the Length field does not show 0.3")
    mass_defined = d.field("Mass defined", within=bones)
    d.set_checked(mass_defined, True)
    d.set_text(d.field("Mass", within=bones), "2.5")
    wait_for(lambda: menu_item_name("Edit", starting("Undo")) == "Undo Set Bone Mass",
             lambda: "Edit menu says %r" % menu_item_name("Edit", starting("Undo")))

    step("the Joints panel (a tab beside Pose) fills the skeleton's joints from its bones")
    d.click(d.find("page tab", "Joints"))
    joints = dock("Joints")
    d.click(d.find("push button", "Generate from Hierarchy", within=joints))
    wait_for(lambda: menu_item_name("Edit", starting("Undo")) == "Undo Set Joints",
             lambda: "Edit menu says %r" % menu_item_name("Edit", starting("Undo")))
    d.click(d.find("page tab", "Inspector"))

    step("Transform > Grab, then Y and a typed distance, moves the bone; Enter makes it one step")
    d.select_item(dock("Outliner"), "UpperArm")
    y_before = inspector_value("Position y")
    d.menu("Transform", "Grab")
    d.key("y")
    d.type_text("0.2")
    d.key("Return")
    wait_for(lambda: menu_item_name("Edit", starting("Undo")) == "Undo Move",
             lambda: "Edit menu says %r" % menu_item_name("Edit", starting("Undo")))
    wait_for(lambda: abs(inspector_value("Position y") - (y_before + 0.2)) < 1e-9,
             lambda: "Position y %r after the move, expected %r"
             % (inspector_value("Position y"), y_before + 0.2))
    check("4D" in rows[0] or "New" in rows[0], "first history row %r" % rows[0])
    check(re.search(r"\*$", title()) or "*" in title(), "title %r has no modified mark" % title())

    step("File > Save As... writes the file; the title shows its name without a modified mark")
    d.menu("File", "Save As...")
    dialog = d.find(["dialog", "frame"], starting("Save As"), within=app, timeout=20)
    file_field = d.field("File", within=dialog)
    d.set_text(file_field, saved, confirm=False)
    d.click(d.find("push button", "Save", within=dialog))
    wait_for(lambda: os.path.exists(saved), "no file at %s after Save" % saved)
    wait_for(lambda: title().startswith("arm-rig.g4tf") and "*" not in title(),
             lambda: "title after saving: %r" % title())

    step("closing with unsaved changes asks Save / Discard / Cancel; Cancel keeps the document")
    d.select_item(dock("Outliner"), "Bone2")
    d.set_text(d.field("Name", within=dock("Inspector")), "LowerArm")
    wait_for(lambda: "LowerArm" in outliner_rows(), "rename to LowerArm did not happen")
    d.menu("File", "Close")
    prompt = d.find(["dialog", "alert", "frame"], None, within=app, timeout=20,
                    pred=lambda n: any(d.name_of(b) == "Discard" for b in
                                       d.find_all("push button", None, n)))
    for button in ("Save", "Discard", "Cancel"):
        d.find("push button", button, within=prompt)
    d.click(d.find("push button", "Cancel", within=prompt))
    wait_for(lambda: "LowerArm" in outliner_rows(), "Cancel lost the document")
    d.menu("File", "Save")
    wait_for(lambda: "*" not in title(), lambda: "title after Save: %r" % title())
    app.close()

    step("the saved file is valid (hyperrig-cli validate) and holds the authored rig")
    result = subprocess.run([cli, "validate", "--json", saved], capture_output=True, text=True)
    check(result.returncode == 0, "validate exited %d: %s%s"
          % (result.returncode, result.stdout, result.stderr))
    with open(saved, encoding="utf-8") as saved_file:
        names = [node.get("name") for node in json.load(saved_file).get("nodes", [])]
    check(names == ["Scene", "Skeleton", "UpperArm", "LowerArm"],
          "the saved file's nodes are %r" % names)
    with open(saved, encoding="utf-8") as saved_file:
        upper_arm = json.load(saved_file)["nodes"][2]
    check(upper_arm.get("bone", {}).get("length") == 0.3 and
          upper_arm.get("bone", {}).get("mass") == 2.5,
          "UpperArm's bone in the file: %r" % upper_arm.get("bone"))
    with open(saved, encoding="utf-8") as saved_file:
        skeleton = json.load(saved_file)["nodes"][1].get("skeleton", {})
    check(skeleton.get("joints") == [2, 3],
          "the skeleton's joints in the file: %r" % skeleton.get("joints"))

    step("hyperrig FILE opens FILE")
    app = d.launch([editor, saved], timeout=90, env=env)
    wait_for(lambda: outliner_rows() == ["Scene", "Skeleton", "UpperArm", "LowerArm"],
             lambda: "reopened outliner %r" % outliner_rows())
    app.close()

    step("every control a screen reader meets in the editor with the 4D sample has a name")
    app = d.launch([editor, os.path.join(source_dir, "assets/samples/creature-4d.g4tf")],
                   timeout=90, env=env)
    d.select_item(dock("Outliner"), "LeftUpperArm")
    d.set_text(d.find("text", "Filter", within=dock("Outliner")), "Left", confirm=False)
    missing = unnamed_controls(d.main_window())
    d.click(d.find("page tab", "Bones"))
    missing += unnamed_controls(dock("Bones"))
    d.select_item(dock("Outliner"), "CreatureRig")
    missing += unnamed_controls(dock("Bones"))
    for tab in ("Pose", "Joints", "Group Names", "Bind Poses"):
        d.click(d.find("page tab", tab))
        missing += unnamed_controls(dock(tab))
    check(not missing, "controls without an accessible name:\n  " + "\n  ".join(missing))
    app.close()

    step("a broken file lists its errors as words; a click on one selects its node")
    broken = os.path.join(work, "bone.parent.g4tf")
    shutil.copy(os.path.join(source_dir, "tests/fixtures/validate/bone.parent.g4tf"), broken)
    app = d.launch([editor, broken], timeout=90, env=env)
    validation = dock("Validation")
    wait_for(lambda: any(d.name_of(c) == "Error" for c in d.items(validation)),
             "no row with the word Error in the Validation dock")
    d.select_item(validation, "Error")
    wait_for(lambda: d.selected_items(dock("Outliner")),
             "clicking an error selected nothing in the outliner")
    wait_for(lambda: re.search(r"\d+ errors?", d.status_text()) is not None
             or any(re.search(r"\d+ error", d.name_of(c)) for c in
                    d.find_all("label", None, d.find("status bar", None))),
             "the status bar shows no error count")
    app.close()

    step("File > Import > MPFB Rig (.json)... fills the base mesh and vertex groups from the rig's "
         "folder; the rig opens untitled and unsaved")
    rig = os.path.join(source_dir, "../shared/data/mpfb/rigs/standard/rig.openpose.json")
    app = d.launch([editor], timeout=90, env=env)
    d.menu("File", "Import", "MPFB Rig (.json)...")
    dialog = d.find(["dialog", "frame"], starting("Import MPFB Rig"), within=app, timeout=20)
    d.set_text(d.field("Rig", within=dialog), rig, confirm=False)
    missing = unnamed_controls(dialog)
    check(not missing, "import dialog controls without an accessible name:\n  "
          + "\n  ".join(missing))
    d.click(d.find("push button", "Import", within=dialog))
    wait_for(lambda: title().startswith("rig.openpose.json (imported)") and "*" in title(),
             lambda: "title after the import: %r" % title(), timeout=60)
    app.close()
    print("acceptance: all %d steps passed" % step_number)
except Exception as failure:  # report which step failed and what the screen reader saw
    print("acceptance FAILED at step %d: %s" % (step_number, failure), file=sys.stderr)
    try:
        print(d.dump_tree(d.main_window(), depth=14), file=sys.stderr)
    except Exception:
        pass
    sys.exit(1)
finally:
    app_now = d.current_app()
    if app_now is not None and app_now.running():
        app_now.close()
    shutil.rmtree(work, ignore_errors=True)

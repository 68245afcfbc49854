#!/usr/bin/env python3
"""Turns Google Benchmark JSON reports into the one table scripts/bench prints.

Each benchmark is reported as best and median over its repetitions (performance-notes.md §6).
Rows that carry a "bytes_per_item" counter also get their memory roofline: the best STREAM triad
bandwidth of the same run divided by the row's bytes per item, and the row's best rate as a
fraction of it. Counters named *_ms (per-stage milliseconds, e.g. the render benchmark's eval_ms,
slice_ms, upload_ms, draw_ms) are listed in the note as their median over the repetitions, frame stages
in frame order (eval, slice, scene, upload, draw), any others after them by name. Usage: bench_table.py REPORT.json [REPORT.json ...]
"""
import json
import statistics
import sys


def load(paths):
    runs = {}
    order = []
    for path in paths:
        with open(path, encoding="utf-8") as stream:
            text = stream.read()
        # A program whose benchmarks a --benchmark_filter excluded writes an empty report.
        if not text.strip():
            continue
        report = json.loads(text)
        for entry in report.get("benchmarks", []):
            if entry.get("run_type") != "iteration":
                continue
            name = entry.get("run_name", entry["name"])
            if name not in runs:
                runs[name] = []
                order.append(name)
            runs[name].append(entry)
    return order, runs


FRAME_STAGES = ("eval_ms", "slice_ms", "scene_ms", "upload_ms", "draw_ms")


def stage_order(key):
    return (FRAME_STAGES.index(key) if key in FRAME_STAGES else len(FRAME_STAGES), key)


def rate(value):
    for unit, scale in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if value >= scale:
            return f"{value / scale:.1f} {unit}/s"
    return f"{value:.1f} /s"


def main(paths):
    order, runs = load(paths)
    triad = [e["bytes_per_second"] for n in order if "triad" in n for e in runs[n]]
    triad_best = max(triad) if triad else None
    header = ("benchmark", "best", "median", "B/item", "roofline", "best/roof", "note")
    rows = []
    for name in order:
        entries = runs[name]
        label = entries[0].get("label", "")
        if "triad" in name:
            values = [e["bytes_per_second"] for e in entries]
            rows.append((name.replace("/min_time:1.000", ""), f"{max(values) / 1e9:.1f} GB/s",
                         f"{statistics.median(values) / 1e9:.1f} GB/s", "", "", "",
                         "memory roofline of this run"))
            continue
        if entries[0].get("error_occurred"):
            rows.append((name.replace("/min_time:1.000", ""), "skipped", "", "", "", "",
                         entries[0].get("error_message", "")))
            continue
        values = [e.get("items_per_second", 0.0) for e in entries]
        best, median = max(values), statistics.median(values)
        bytes_per_item = entries[0].get("bytes_per_item")
        roof = fraction = ""
        if bytes_per_item and triad_best:
            roof_rate = triad_best / bytes_per_item
            roof = rate(roof_rate)
            fraction = f"{100.0 * best / roof_rate:.0f}%"
        extra = []
        if label:
            extra.append(label)
        if "cut_fraction" in entries[0]:
            extra.append(f"cut {100.0 * entries[0]['cut_fraction']:.1f}%")
        stages = sorted((key for key in entries[0] if key.endswith("_ms")), key=stage_order)
        if stages:
            extra.append("ms/frame " + " ".join(
                f"{key[:-3]} {statistics.median(e.get(key, 0.0) for e in entries):.2f}"
                for key in stages))
        rows.append((name.replace("/min_time:1.000", ""), rate(best), rate(median),
                     f"{bytes_per_item:.0f}" if bytes_per_item else "", roof, fraction,
                     ", ".join(extra)))
    widths = [max(len(str(row[i])) for row in rows + [header]) for i in range(len(header))]
    line = " | ".join(h.ljust(w) for h, w in zip(header, widths))
    print(line)
    print("-+-".join("-" * w for w in widths))
    for row in rows:
        print(" | ".join(str(c).ljust(w) for c, w in zip(row, widths)))


if __name__ == "__main__":
    main(sys.argv[1:])

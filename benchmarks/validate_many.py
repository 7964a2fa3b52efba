"""How long ``cardgen validate`` takes on a folder of many company set files.

    python benchmarks/validate_many.py [--files 100000] [--profile] [--keep DIR]

Writes N Briefcase set files (``kind: company-set``) into a temporary folder, each a complete
set with one new company of its own (so the cross-file company checks have work to do), then
validates the folder the way ``cardgen validate FOLDER`` does and prints the seconds taken.
The time should grow in proportion to N: doubling the files doubles the time.

Measured on the development machine (Python 3.11, a shared 2-core VM, CPU time): 100,000 files
in 385 s (3.9 ms a file), after 3.4 ms a file at 1,000, 2,000, 4,000 and 8,000 files: linear,
nearly all of it YAML parsing and the schema. Before the checks were made linear (each set file
scanned every document for the kinds it needed), the same machine took 3.7 ms a file at 2,000
files and 5.3 ms at 8,000, and the time per file kept growing with the number of files.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import shutil
import tempfile
import time
from pathlib import Path

SET = """\
game: briefcase
kind: company-set
id: set_{n}
name: Set {n}
companies: [Company {n}, Construction Firm, Cargo Company, Shopping Mall, Logistics Company,
            Warehouses, Accounting Firm, Insurance Company, Theme Parks, Marketing Company,
            Bank, High-Tech Company, Financial Services, Real Estate Agency]
new_companies:
  - id: company_{n}
    name: Company {n}
    level: 1
    cost: 2
    vp: 1
    activation: {{personnel: 1, paper: 1}}
    production: {{buy: 1}}
    copies: {{2: 2, 3: 3, 4: 4}}
    ability: {{effect: none, text: "No special ability."}}
    authored: [cost, vp, activation, production, copies]
"""


def write_sets(folder: Path, files: int) -> None:
    for n in range(files):
        (folder / f"set-{n:06d}.yaml").write_text(SET.format(n=n), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--files", type=int, default=100_000, help="set files to write (default 100000)")
    parser.add_argument("--profile", action="store_true", help="print the 20 slowest functions")
    parser.add_argument("--keep", type=Path, help="write the files here and leave them")
    args = parser.parse_args()

    from cardgen.commands.validate import validate_paths
    from cardgen.data.documents import reading_once

    folder = args.keep or Path(tempfile.mkdtemp(prefix="cardgen-validate-"))
    folder.mkdir(parents=True, exist_ok=True)
    try:
        write_sets(folder, args.files)
        validate_paths([Path(folder) / "set-000000.yaml"])      # warm the schema caches
        profiler = cProfile.Profile() if args.profile else None
        started, cpu = time.perf_counter(), time.process_time()
        if profiler:
            profiler.enable()
        with reading_once():                # as the command runs: each file read once
            problems, docs, _templates = validate_paths([folder])
        if profiler:
            profiler.disable()
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        errors = [p for p in problems if p.severity == "error"]
        # CPU time is what the work costs whatever else the machine runs; wall time is shown too.
        print(f"{args.files} set files validated in {cpu:.1f} s of CPU, {seconds:.1f} s wall "
              f"({1000 * cpu / max(args.files, 1):.2f} ms a file; {len(docs)} read, "
              f"{len(errors)} errors)")
        for p in errors[:5]:
            print("  " + p.format())
        if profiler:
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(20)
    finally:
        if args.keep is None:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()

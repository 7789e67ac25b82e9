"""A census of take-and-break games: every code of a shape, each classified to
heap N, as tasks on Ray.

For each code (``0.07``, ``4.37``, …) the census computes the game's values in runs
of doubling length until the Guy–Smith periodicity theorem proves the period seen,
or heap N is reached; a code is then *proved* (period and preperiod) or *open*
(the period seen so far, if any, with the largest value and the last heap
computed). Results are written to a CSV or Parquet file as they come in; run again
with the same file and the codes already done (to N or beyond, or proved) are
skipped, so a census can be stopped and resumed, and N raised later.

The work runs as Ray tasks, one code a task: ``ray.init()`` uses the cores of this
machine, ``address="ray://head:10001"`` (or ``"auto"`` on a cluster node) a
cluster's. On a cluster every node needs ``grundy`` installed (or pass
``runtime_env``).

From Python::

    from grundy.census import census, codes
    rows = census(codes("0.dd"), to=100_000, out="census.parquet")

From the shell::

    python -m grundy.census 0.dd --to 100000 --out census.csv [--address auto]
"""

from __future__ import annotations

import argparse
import csv
import itertools
import os
import sys
import time
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence

from . import _native

__all__ = ["codes", "census", "classify", "read", "format_rows", "COLUMNS", "main"]

#: The columns of a census file, in order.
COLUMNS = [
    "code",
    "game",
    "status",
    "preperiod",
    "period",
    "saltus",
    "max_value",
    "last_heap",
    "to",
    "seconds",
    "note",
]

_OCTAL = "01234567"
_HEX = "0123456789abcdef"


def codes(shape: str, *, digits: str = _OCTAL) -> List[str]:
    """Every code of a shape: ``"0.dd"`` is every 0.d1d2 with d1, d2 octal digits
    and d2 ≠ 0 (56 codes), ``"0.ddd"`` every 0.d1d2d3 (448), ``"4.dd"`` the same
    with 4 before the point (a heap may also be split without taking a chip).
    Fixed digits may be mixed in: ``"0.d7"`` is 0.07, 0.17, …, 0.77. ``digits``
    is the alphabet of a free digit (``"0123456789abcdef"`` for hexadecimal codes).
    """
    if "." not in shape:
        raise ValueError(f"'{shape}' is not a shape of codes such as 0.dd or 4.ddd")
    head, tail = shape.split(".", 1)
    if not tail or any(c != "d" and c not in _HEX for c in tail) or head not in ("0", "4", "d"):
        raise ValueError(f"'{shape}' is not a shape of codes such as 0.dd or 4.ddd")
    heads = ["0", "4"] if head == "d" else [head]
    choices: List[Sequence[str]] = []
    for i, c in enumerate(tail):
        last = i == len(tail) - 1
        if c == "d":
            choices.append([d for d in digits if not (last and d == "0")])
        else:
            choices.append([c])
    found = []
    for h in heads:
        for combo in itertools.product(*choices):
            if combo[-1] == "0":
                continue
            found.append(f"{h}.{''.join(combo)}")
    return found


def classify(code: str, to: int, *, method: str = "rare-common") -> Dict[str, Any]:
    """One code's census row, computed here (no Ray): a dict with the columns of
    :data:`COLUMNS`."""
    start = time.perf_counter()
    game = code if ":" in code else f"octal:{code}"
    try:
        r = _native.census_row(game, to, method=method)
    except Exception as e:  # a code the engine refuses is a row with a note
        return _row(code, game, "error", None, None, None, None, None, to, time.perf_counter() - start, str(e))
    status = "proved" if r["proved"] else "open"
    return _row(
        code,
        r["game"],
        status,
        r["preperiod"],
        r["period"],
        r["saltus"],
        r["max_value"],
        r["last_heap"],
        to,
        time.perf_counter() - start,
        r["note"] or "",
    )


def _row(
    code: str,
    game: str,
    status: str,
    preperiod: Optional[int],
    period: Optional[int],
    saltus: Optional[int],
    max_value: Optional[int],
    last_heap: Optional[int],
    to: int,
    seconds: float,
    note: str,
) -> Dict[str, Any]:
    return {
        "code": code,
        "game": game,
        "status": status,
        "preperiod": preperiod,
        "period": period,
        "saltus": saltus,
        "max_value": max_value,
        "last_heap": last_heap,
        "to": to,
        "seconds": round(seconds, 3),
        "note": note,
    }


def _int(v: Any) -> Optional[int]:
    if v is None or v == "" or (isinstance(v, float) and v != v):
        return None
    return int(v)


def _normal(row: Dict[str, Any]) -> Dict[str, Any]:
    """A row read back from a file, with its numbers as numbers."""
    out = dict(row)
    for k in ("preperiod", "period", "saltus", "max_value", "last_heap", "to"):
        out[k] = _int(out.get(k))
    out["seconds"] = float(out.get("seconds") or 0.0)
    out["note"] = out.get("note") or ""
    return out


def _parquet(path: str) -> bool:
    return path.endswith(".parquet") or path.endswith(".pq")


def read(path: str) -> List[Dict[str, Any]]:
    """The rows of a census file (CSV or Parquet); none if it does not exist."""
    if not os.path.exists(path):
        return []
    if _parquet(path):
        import pyarrow.parquet as pq

        return [_normal(r) for r in pq.read_table(path).to_pylist()]
    with open(path, newline="") as f:
        return [_normal(r) for r in csv.DictReader(f)]


class _Writer:
    """Writes rows as they come: appended to a CSV file, or the whole Parquet file
    rewritten (atomically) at most every few seconds and at the end."""

    def __init__(self, path: str, rows: List[Dict[str, Any]]) -> None:
        self.path = path
        self.rows = {r["code"]: r for r in rows}
        self.last = 0.0
        if not _parquet(path):
            self._write_csv()

    def _write_csv(self) -> None:
        tmp = self.path + ".tmp"
        with open(tmp, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=COLUMNS)
            w.writeheader()
            for r in self.rows.values():
                w.writerow(r)
        os.replace(tmp, self.path)

    def _write_parquet(self) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        schema = pa.schema(
            [
                ("code", pa.string()),
                ("game", pa.string()),
                ("status", pa.string()),
                ("preperiod", pa.int64()),
                ("period", pa.int64()),
                ("saltus", pa.int64()),
                ("max_value", pa.int64()),
                ("last_heap", pa.int64()),
                ("to", pa.int64()),
                ("seconds", pa.float64()),
                ("note", pa.string()),
            ]
        )
        table = pa.Table.from_pylist(list(self.rows.values()), schema=schema)
        tmp = self.path + ".tmp"
        pq.write_table(table, tmp)
        os.replace(tmp, self.path)
        self.last = time.monotonic()

    def add(self, row: Dict[str, Any]) -> None:
        replaced = row["code"] in self.rows
        self.rows[row["code"]] = row
        if _parquet(self.path):
            if time.monotonic() - self.last > 5:
                self._write_parquet()
        elif replaced:
            self._write_csv()
        else:
            with open(self.path, "a", newline="") as f:
                csv.DictWriter(f, fieldnames=COLUMNS).writerow(row)

    def close(self) -> None:
        if _parquet(self.path):
            self._write_parquet()


def _done(row: Dict[str, Any], to: int) -> bool:
    """Whether a row from an earlier run answers a census to heap ``to``."""
    if row.get("status") == "proved":
        return True
    return row.get("status") in ("open", "error") and (row.get("to") or 0) >= to


def _task(code: str, to: int, method: str) -> Dict[str, Any]:
    return classify(code, to, method=method)


def census(
    codes: Iterable[str],
    to: int,
    out: Optional[str] = None,
    *,
    address: Optional[str] = None,
    method: str = "rare-common",
    resume: bool = True,
    runtime_env: Optional[Dict[str, Any]] = None,
    progress: Optional[Callable[[Dict[str, Any]], None]] = None,
    **ray_init: Any,
) -> List[Dict[str, Any]]:
    """Classifies every code in ``codes`` to heap ``to``, as Ray tasks; the rows
    (dicts with the columns of :data:`COLUMNS`), in the order of ``codes``.

    ``out`` (``.csv``, or ``.parquet``/``.pq``) receives the rows as they finish;
    with ``resume`` (the default) the codes it already answers (proved, or open
    after a run to ``to`` or beyond) are not computed again. ``address`` is the Ray
    cluster to use (default: start Ray on this machine, or use the one already
    started); further keywords go to ``ray.init`` (``num_cpus=…``). ``progress`` is
    called with each new row.
    """
    import ray

    wanted = list(dict.fromkeys(codes))
    earlier = read(out) if (out and resume) else []
    known = {r["code"]: r for r in earlier}
    todo = [c for c in wanted if not (c in known and _done(known[c], to))]
    writer = _Writer(out, earlier) if out else None
    results: Dict[str, Dict[str, Any]] = {c: known[c] for c in wanted if c in known}
    if todo:
        if not ray.is_initialized():
            options = dict(ray_init)
            if runtime_env is not None:
                options["runtime_env"] = runtime_env
            ray.init(address=address, **options)
        task = ray.remote(num_cpus=1)(_task)
        pending = {task.remote(c, to, method): c for c in todo}
        try:
            while pending:
                ready, _ = ray.wait(list(pending), num_returns=1)
                for ref in ready:
                    pending.pop(ref)
                    row = ray.get(ref)
                    results[row["code"]] = row
                    if writer:
                        writer.add(row)
                    if progress:
                        progress(row)
        finally:
            for ref in pending:
                ray.cancel(ref, force=True)
            if writer:
                writer.close()
    elif writer:
        writer.close()
    return [results[c] for c in wanted if c in results]


def format_rows(rows: Iterable[Dict[str, Any]]) -> str:
    """The rows as a text table, one code a line."""
    lines = [f"{'code':<8} {'status':<7} {'period':>6} {'preperiod':>9} {'max g':>6} {'last heap':>10}  note"]
    for r in rows:
        period = "" if r["period"] is None else str(r["period"])
        if r["saltus"]:
            period += f"+{r['saltus']}" if r["saltus"] > 0 else str(r["saltus"])
        pre = "" if r["preperiod"] is None else str(r["preperiod"])
        mx = "" if r["max_value"] is None else str(r["max_value"])
        last = "" if r["last_heap"] is None else str(r["last_heap"])
        lines.append(f"{r['code']:<8} {r['status']:<7} {period:>6} {pre:>9} {mx:>6} {last:>10}  {r['note']}".rstrip())
    return "\n".join(lines)


def main(argv: Optional[List[str]] = None) -> int:
    """``python -m grundy.census SHAPE --to N [--out FILE] [--address ADDR]``."""
    parser = argparse.ArgumentParser(
        prog="python -m grundy.census",
        description="Classify every take-and-break code of a shape to heap N on Ray: proved period, or open.",
    )
    parser.add_argument("shape", nargs="+", help="a shape such as 0.dd, 0.ddd or 4.dd, or codes such as 0.07")
    parser.add_argument("--to", type=int, required=True, help="the largest heap to compute")
    parser.add_argument("--out", help="a .csv or .parquet file for the rows (resumed if it exists)")
    parser.add_argument("--address", help="a Ray cluster's address (default: Ray on this machine)")
    parser.add_argument("--num-cpus", type=int, help="CPUs for a Ray started here")
    parser.add_argument("--method", default="rare-common", choices=["rare-common", "naive"])
    parser.add_argument("--fresh", action="store_true", help="compute every code again")
    args = parser.parse_args(argv)
    wanted: List[str] = []
    for s in args.shape:
        wanted += codes(s) if "d" in s.split(".", 1)[-1] else [s]
    extra: Dict[str, Any] = {"include_dashboard": False}
    if args.num_cpus is not None:
        extra["num_cpus"] = args.num_cpus
    if args.address is not None:
        extra = {}

    def report(row: Dict[str, Any]) -> None:
        print(f"  {row['code']}: {row['status']}", file=sys.stderr, flush=True)

    rows = census(
        wanted,
        args.to,
        args.out,
        address=args.address,
        method=args.method,
        resume=not args.fresh,
        progress=report,
        **extra,
    )
    print(format_rows(rows))
    proved = sum(r["status"] == "proved" for r in rows)
    print(f"{len(rows)} codes to heap {args.to}: {proved} proved, {len(rows) - proved} open")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""A census of take-and-break games: every code of a shape, each classified to
heap N, as tasks on Ray (one machine's cores, or a cluster's).

For each code (``0.07``, ``0.137``, ``4.a7``, …) the census computes the game's
values in runs of doubling length until the Guy–Smith periodicity theorem proves
the period seen, or heap N is reached. A row says *proved* (period and
preperiod), *arithmetic-periodic* (the values seen grow by the saltus every
period; not proved), or *open*; with the largest value, the rare/common
statistics (mask, how many heaps have a rare value, the last that does), the
last heap computed and the seconds it took.

A long code is computed in steps of at most ``chunk`` heaps, each a Ray task;
between steps its values are kept in a checkpoint file, so that a lost node costs
at most one step (Ray runs the step again elsewhere) and a stopped census goes
on where it was. The rows file (CSV, or Parquet with ``pyarrow``) is rewritten
whole and atomically as each code finishes, with a checksum; run the same census
again on it and only what is missing is computed. See ``docs/census.md``.

From Python::

    from grundy.census import census
    rows = census("0.ddd", to=100_000, out="census.parquet", address="auto")

From the shell::

    python -m grundy.census 0.ddd --to 100000 --out census.csv --plot census.svg
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import io
import itertools
import json
import math
import os
import sys
import time
from html import escape
from typing import Any, Callable, Dict, Iterable, List, Optional, Tuple, Union

import numpy as np

from . import _native
from .errors import FileError, ParseError

__all__ = [
    "codes",
    "census",
    "classify",
    "read",
    "format_rows",
    "summary",
    "svg",
    "connect",
    "COLUMNS",
    "CHUNK",
    "main",
]

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
    "mask",
    "rare",
    "last_rare",
    "seconds",
    "note",
]

#: The most heaps one step of a code computes (one Ray task), by default.
CHUNK = 1 << 20

#: The version of the census files' layout (rows and checkpoints).
FORMAT = 2

_INTEGERS = ("preperiod", "period", "saltus", "max_value", "last_heap", "to", "mask", "rare", "last_rare")
_STATUSES = ("proved", "arithmetic-periodic", "open", "error")
_OCTAL = "01234567"
_HEX = "0123456789abcdef"

#: The free digits of a shape: ``d`` an octal digit, ``x`` a hexadecimal one.
_FREE = {"d": _OCTAL, "x": _HEX}


def codes(shape: str, *, digits: str = _OCTAL) -> List[str]:
    """Every code of a shape: ``"0.dd"`` is every 0.d1d2 with d1, d2 octal digits
    and d2 ≠ 0 (56 codes), ``"0.ddd"`` every 0.d1d2d3 (448), ``"4.dd"`` the same
    with 4 before the point (a heap may also be split without taking a chip); an
    ``x`` is a hexadecimal digit (``"4.xx"``: 240 codes, 8 and up also splitting a
    heap in three). Fixed digits may be mixed in: ``"0.d7"`` is 0.07, 0.17, …,
    0.77. ``digits`` is the alphabet of a ``d``.
    """
    head, point, tail = shape.partition(".")
    free = dict(_FREE, d=digits)
    if not point or not tail or head not in ("0", "4", "d") or any(c not in free and c not in _HEX for c in tail):
        raise ParseError(f"'{shape}' is not a shape of codes such as 0.dd, 0.ddd or 4.xx")
    heads = ["0", "4"] if head == "d" else [head]
    choices = [free[c] if c in free else c for c in tail]
    return [f"{h}.{''.join(combo)}" for h in heads for combo in itertools.product(*choices) if combo[-1] != "0"]


def _step(code: str, to: int, values: Optional[np.ndarray[Any, Any]], chunk: int, method: str) -> Dict[str, Any]:
    """One step of a code's census, computed here: the engine's dict (the row's
    fields, ``done``, ``values``) and ``seconds``; a code the engine refuses is a
    finished row with status ``error`` and the engine's sentence as its note."""
    start = time.perf_counter()
    game = code if ":" in code else f"octal:{code}"
    try:
        step = _native.census_step(game, to, values, chunk=chunk, method=method)
    except Exception as e:
        step = {"game": game, "status": "error", "note": str(e), "done": True, "values": None}
    step["seconds"] = time.perf_counter() - start
    return step


def _row(code: str, to: int, step: Dict[str, Any], seconds: float) -> Dict[str, Any]:
    """The census row of a code's last step, after ``seconds`` in all."""
    row: Dict[str, Any] = {k: step.get(k) for k in COLUMNS}
    row.update(code=code, to=to, seconds=round(seconds, 3), note=step.get("note") or "")
    return row


def classify(code: str, to: int, *, chunk: int = CHUNK, method: str = "rare-common") -> Dict[str, Any]:
    """One code's census row, computed here (no Ray, no files) in steps of
    ``chunk`` heaps as a census does: a dict with the columns of :data:`COLUMNS`."""
    values, seconds = None, 0.0
    while True:
        step = _step(code, to, values, chunk, method)
        seconds += step["seconds"]
        if step["done"]:
            return _row(code, to, step, seconds)
        values = step["values"]


# The files: rows, with a header line, and checkpoints.


def _parquet(path: str) -> bool:
    return path.endswith(".parquet") or path.endswith(".pq")


def _csv_text(rows: Iterable[Dict[str, Any]]) -> str:
    """The rows as CSV text: what a CSV file holds after its header line, and what
    the checksum of either kind of file is taken over."""
    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    for r in rows:
        writer.writerow(r)
    return text.getvalue()


def _stamp(shape: str, rows: List[Dict[str, Any]]) -> Dict[str, Any]:
    """What a census file says of itself: its layout, who wrote it, its census,
    and the checksum of its rows."""
    digest = hashlib.sha256(_csv_text(rows).encode()).hexdigest()
    return {"format": FORMAT, "grundy": _native.__version__, "shape": shape, "sha256": digest}


def _atomic_write(path: str, data: bytes) -> None:
    """Writes ``data`` to ``path`` so that a reader finds the old file or the new
    one, never a part: to a file beside it, flushed to disk, then renamed."""
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def _write(path: str, shape: str, rows: List[Dict[str, Any]]) -> None:
    """Writes the rows file of a census: CSV (its first line a ``#`` comment with
    the stamp's JSON), or Parquet (the stamp in the file's metadata)."""
    stamp = json.dumps(_stamp(shape, rows))
    if not _parquet(path):
        _atomic_write(path, f"# grundy census {stamp}\n{_csv_text(rows)}".encode())
        return
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise FileError(f"'{path}' is a Parquet file, which needs pyarrow: pip install pyarrow (or write a .csv)")
    types = {k: pa.int64() for k in _INTEGERS}
    types["seconds"] = pa.float64()
    schema = pa.schema([(k, types.get(k, pa.string())) for k in COLUMNS], metadata={"grundy.census": stamp})
    sink = io.BytesIO()
    pq.write_table(pa.Table.from_pylist(rows, schema=schema), sink)
    _atomic_write(path, sink.getvalue())


def _normal(row: Dict[str, Any]) -> Dict[str, Any]:
    """A row read back from a file, with its numbers as numbers."""
    out = {k: row.get(k) for k in COLUMNS}
    for k in _INTEGERS:
        v = out[k]
        out[k] = None if v is None or v == "" else int(v)
    out["seconds"] = float(out["seconds"] or 0.0)
    out["note"] = out["note"] or ""
    return out


def read(path: str) -> List[Dict[str, Any]]:
    """The rows of a census file (CSV, or Parquet); none if it does not exist. A
    file that another version of the census wrote, or whose rows do not match its
    checksum, is refused (:class:`grundy.FileError`)."""
    return _read(path)[1]


def _read(path: str) -> Tuple[Optional[Dict[str, Any]], List[Dict[str, Any]]]:
    """The stamp and the rows of a census file (None and none if there is none)."""
    if not os.path.exists(path):
        return None, []
    stamp: Any = None
    if _parquet(path):
        try:
            import pyarrow.parquet as pq
        except ImportError:
            raise FileError(f"'{path}' is a Parquet file, which needs pyarrow: pip install pyarrow")
        table = pq.read_table(path)
        stamp = (table.schema.metadata or {}).get(b"grundy.census")
        rows = [_normal(r) for r in table.to_pylist()]
        text = _csv_text(rows)
    else:
        with open(path, newline="") as f:
            first, _, text = f.read().partition("\n")
        if first.startswith("# grundy census "):
            stamp = first[len("# grundy census ") :]
        rows = [_normal(r) for r in csv.DictReader(io.StringIO(text))]
    try:
        stamp = json.loads(stamp)
    except (TypeError, ValueError):
        stamp = None
    if not isinstance(stamp, dict) or stamp.get("format") != FORMAT or stamp.get("grundy") != _native.__version__:
        who = f"grundy {stamp.get('grundy')}, census format {stamp.get('format')}" if isinstance(stamp, dict) else "an earlier version of grundy, with no stamp"
        raise FileError(
            f"'{path}' was written by another version of the census ({who}; this is grundy "
            f"{_native.__version__}, format {FORMAT}): give another file, or --fresh to replace it"
        )
    if hashlib.sha256(text.encode()).hexdigest() != stamp.get("sha256"):
        raise FileError(f"'{path}' is damaged: its rows do not match its checksum; give another file, or --fresh to replace it")
    return stamp, rows


def _checkpoints(out: str) -> str:
    """The folder of a census's checkpoints: beside its rows file."""
    return out + ".checkpoints"


def _checkpoint(out: str, code: str) -> str:
    return os.path.join(_checkpoints(out), f"{code}.values")


def _save_checkpoint(out: str, code: str, values: np.ndarray[Any, Any], seconds: float) -> None:
    """Keeps a code's values for the next step: a line of JSON (the layout, the
    code, how many values, the seconds spent on them, their checksum), then the
    values as little-endian 16-bit integers; written atomically."""
    data = np.asarray(values, dtype="<u2").tobytes()
    head = {
        "format": FORMAT,
        "code": code,
        "heaps": len(values),
        "seconds": round(seconds, 3),
        "sha256": hashlib.sha256(data).hexdigest(),
    }
    os.makedirs(_checkpoints(out), exist_ok=True)
    _atomic_write(_checkpoint(out, code), json.dumps(head).encode() + b"\n" + data)


def _load_checkpoint(out: str, code: str) -> Tuple[Optional[np.ndarray[Any, Any]], float]:
    """A code's values and seconds from its checkpoint; none and 0 if it has
    none. A checkpoint of another layout or code, or damaged, is refused."""
    path = _checkpoint(out, code)
    if not os.path.exists(path):
        return None, 0.0
    with open(path, "rb") as f:
        first, _, data = f.read().partition(b"\n")
    try:
        head = json.loads(first)
    except ValueError:
        head = None
    if not isinstance(head, dict) or head.get("format") != FORMAT or head.get("code") != code:
        raise FileError(f"'{path}' is not a checkpoint of {code} in census format {FORMAT}: remove it, or run with --fresh")
    if hashlib.sha256(data).hexdigest() != head.get("sha256") or len(data) != 2 * head.get("heaps", -1):
        raise FileError(f"'{path}' is damaged: its values do not match its checksum; remove it to compute {code} again")
    return np.frombuffer(data, dtype="<u2").astype(np.uint16), float(head.get("seconds", 0.0))


def _drop_checkpoint(out: str, code: str) -> None:
    try:
        os.remove(_checkpoint(out, code))
    except FileNotFoundError:
        pass


def _done(row: Dict[str, Any], to: int) -> bool:
    """Whether a row from an earlier run answers a census to heap ``to``."""
    return row["status"] == "proved" or (row["to"] or 0) >= to


def _wanted(shapes: Union[str, Iterable[str]]) -> Tuple[str, List[str]]:
    """The census's name (its shapes and codes, as given) and its codes."""
    given = shapes.split() if isinstance(shapes, str) else list(shapes)
    found: List[str] = []
    for s in given:
        found += codes(s) if any(c in _FREE for c in s.partition(".")[2]) else [s]
    return " ".join(given), list(dict.fromkeys(found))


def connect(address: Optional[str], ray_init: Dict[str, Any]) -> None:
    """Starts Ray here, or joins the cluster at ``address`` (``ray.init``'s
    keywords in ``ray_init``), unless this process already has."""
    import ray

    if not ray.is_initialized():
        ray.init(address=address, **ray_init)


def census(
    shapes: Union[str, Iterable[str]],
    to: int,
    out: Optional[str] = None,
    *,
    address: Optional[str] = None,
    chunk: int = CHUNK,
    method: str = "rare-common",
    resume: bool = True,
    runtime_env: Optional[Dict[str, Any]] = None,
    progress: Optional[Callable[[Dict[str, Any]], None]] = None,
    on_step: Optional[Callable[[str, int, int], None]] = None,
    **ray_init: Any,
) -> List[Dict[str, Any]]:
    """Classifies every code of ``shapes`` (a shape such as ``"0.ddd"``, codes
    such as ``"0.07 0.137"``, or a list of either) to heap ``to``, as Ray tasks;
    the rows (dicts with the columns of :data:`COLUMNS`), in the order of the codes.

    ``out`` (``.csv``, or ``.parquet``/``.pq``) receives the rows as codes finish,
    and its checkpoints folder (``out`` + ``.checkpoints``) the values of codes
    between steps of ``chunk`` heaps, and of open codes at the end. With ``resume``
    (the default) what ``out`` holds is not computed again: its rows that answer
    this census (proved, or computed to ``to`` or beyond), and the values of the
    others from their checkpoints; a file of other codes is refused. Without it,
    ``out`` and its checkpoints are replaced.

    ``address`` is the Ray cluster to use (default: start Ray on this machine, or
    use the one already started; ``"auto"`` or ``"HOST:6379"`` a cluster's, whose
    token the environment gives when it asks for one: see ``docs/census.md``);
    further keywords go to ``ray.init`` (``num_cpus=…``). ``progress`` is called
    with each finished row, ``on_step(code, first, last)`` after each step of a
    code (its values from heap ``first`` to heap ``last`` computed).
    """
    import ray

    name, wanted = _wanted(shapes)
    if out:
        # A new path, or a census file grundy wrote: anything else is refused now
        # and left as it was (the check of --save).
        _native.accept_kept(out, "PAR1" if _parquet(out) else "# grundy census ", "the census")
    earlier = _read(out)[1] if (out and resume) else []
    strangers = [r["code"] for r in earlier if r["code"] not in wanted]
    if out and strangers:
        raise FileError(
            f"'{out}' holds the census of other codes ({', '.join(strangers[:3])}{', …' if len(strangers) > 3 else ''}), "
            f"not of {name}: give another file, or the codes it holds"
        )
    rows = {r["code"]: r for r in earlier}
    todo = [c for c in wanted if not (c in rows and _done(rows[c], to))]
    if todo:
        connect(address, dict(ray_init, runtime_env=runtime_env) if runtime_env is not None else ray_init)
        # A step lost with its node (or its worker) is run again, elsewhere.
        task = ray.remote(num_cpus=1, max_retries=5)(_step)
        started: Dict[str, Tuple[int, float]] = {}
        pending = {}
        for code in todo:
            values, seconds = _load_checkpoint(out, code) if (out and resume) else (None, 0.0)
            started[code] = (0 if values is None else len(values), seconds)
            pending[task.remote(code, to, values, chunk, method)] = code
        try:
            while pending:
                [ref], _ = ray.wait(list(pending), num_returns=1)
                code = pending.pop(ref)
                step = ray.get(ref)
                first, seconds = started[code]
                seconds += step["seconds"]
                if out and step["values"] is not None and step["status"] != "proved":
                    _save_checkpoint(out, code, step["values"], seconds)
                if on_step and step["values"] is not None and len(step["values"]) > first:
                    on_step(code, first, len(step["values"]) - 1)
                if not step["done"]:
                    started[code] = (len(step["values"]), seconds)
                    pending[task.remote(code, to, step["values"], chunk, method)] = code
                    continue
                rows[code] = _row(code, to, step, seconds)
                if out:
                    _write(out, name, [rows[c] for c in wanted if c in rows])
                    if step["status"] == "proved":
                        _drop_checkpoint(out, code)
                if progress:
                    progress(rows[code])
        finally:
            for ref in pending:
                ray.cancel(ref, force=True)
    elif out:
        _write(out, name, [rows[c] for c in wanted if c in rows])
    return [rows[c] for c in wanted if c in rows]


# What a census shows: the rows, a summary, a picture.


def _period_text(r: Dict[str, Any]) -> str:
    period = "" if r["period"] is None else str(r["period"])
    if r["saltus"]:
        period += f"+{r['saltus']}" if r["saltus"] > 0 else str(r["saltus"])
    return period


def format_rows(rows: Iterable[Dict[str, Any]]) -> str:
    """The rows as a text table, one code a line (the period of an
    arithmetic-periodic code with its saltus: ``4+2``)."""

    def text(v: Any) -> str:
        return "" if v is None else str(v)

    lines = [f"{'code':<8} {'status':<7} {'period':>6} {'preperiod':>9} {'max g':>6} {'last heap':>10} {'rare':>6} {'seconds':>8}  note"]
    for r in rows:
        lines.append(
            f"{r['code']:<8} {r['status']:<7} {_period_text(r):>6} {text(r['preperiod']):>9} {text(r['max_value']):>6} "
            f"{text(r['last_heap']):>10} {text(r['rare']):>6} {r['seconds']:>8.2f}  {r['note']}".rstrip()
        )
    return "\n".join(lines)


def summary(rows: List[Dict[str, Any]], to: int) -> str:
    """A table of the census by status (how many codes, the largest period,
    preperiod and value, with their codes, and the seconds of tasks), and a line
    of totals."""

    def largest(group: List[Dict[str, Any]], key: str) -> str:
        found = [r for r in group if r[key] is not None]
        if not found:
            return ""
        top = max(found, key=lambda r: r[key])
        return f"{top[key]} ({top['code']})"

    lines = [f"{'status':<20} {'codes':>5}  {'largest period':<18} {'largest preperiod':<20} {'largest value':<16} {'seconds':>9}"]
    for status in _STATUSES:
        group = [r for r in rows if r["status"] == status]
        if group:
            seconds = sum(r["seconds"] for r in group)
            lines.append(
                f"{status:<20} {len(group):>5}  {largest(group, 'period'):<18} {largest(group, 'preperiod'):<20} "
                f"{largest(group, 'max_value'):<16} {seconds:>9.1f}"
            )
    proved = sum(r["status"] == "proved" for r in rows)
    lines.append(f"{len(rows)} codes to heap {to}: {proved} proved, {len(rows) - proved} open")
    return "\n".join(lines)


_COLOURS = {"proved": "#4a9a5b", "arithmetic-periodic": "#d4a72c", "open": "#c8553d", "error": "#888888"}


def svg(rows: List[Dict[str, Any]], values: Callable[[str], Optional[np.ndarray[Any, Any]]], *, per_line: int = 64) -> str:
    """A picture of the census as an SVG document: above, a square a code (in the
    order of the rows, ``per_line`` a line) coloured by status, its period in its
    tooltip; below, for the codes not proved whose values ``values(code)`` gives,
    the largest value up to heap n against n (n on a logarithmic scale)."""
    cell, pad, labels = 12, 30, 50
    lines = max(1, math.ceil(len(rows) / per_line))
    width = pad * 2 + per_line * cell
    grid_h = lines * cell
    plot_top, plot_h = pad + grid_h + 60, 260
    height = plot_top + plot_h + 50
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width + labels}" height="{height}" viewBox="0 0 {width + labels} {height}" font-family="sans-serif" font-size="11">',
        f'<text x="{pad}" y="18" font-size="13">Census of {len(rows)} codes: status by code</text>',
    ]
    for i, r in enumerate(rows):
        x, y = pad + (i % per_line) * cell, pad + (i // per_line) * cell
        tip = f"{r['code']}: {r['status']}" + (f", period {_period_text(r)} from {r['preperiod']}" if r["period"] is not None else "")
        out.append(
            f'<rect x="{x}" y="{y}" width="{cell - 1}" height="{cell - 1}" fill="{_COLOURS[r["status"]]}"><title>{escape(tip)}</title></rect>'
        )
    for k, status in enumerate(_STATUSES):
        x = pad + k * 150
        out.append(f'<rect x="{x}" y="{pad + grid_h + 8}" width="10" height="10" fill="{_COLOURS[status]}"/>')
        out.append(f'<text x="{x + 14}" y="{pad + grid_h + 17}">{status}</text>')
    curves = []
    for r in rows:
        v = values(r["code"]) if r["status"] != "proved" else None
        if v is not None and len(v) > 1:
            curves.append((r["code"], np.maximum.accumulate(np.asarray(v, dtype=np.int64))))
    out.append(f'<text x="{pad}" y="{plot_top - 12}" font-size="13">Largest value up to heap n, codes not proved</text>')
    out.append(f'<rect x="{pad}" y="{plot_top}" width="{width - 2 * pad}" height="{plot_h}" fill="none" stroke="#999"/>')
    if curves:
        top_n = max(len(c) for _, c in curves)
        top_g = max(int(c[-1]) for _, c in curves) or 1
        log_n = math.log2(top_n)

        def xy(n: int, g: int) -> str:
            return f"{pad + (width - 2 * pad) * math.log2(n + 1) / log_n:.1f},{plot_top + plot_h * (1 - g / top_g):.1f}"

        for code, c in curves:
            heaps = sorted({min(len(c), 2**k) - 1 for k in range(int(log_n) + 2)} | {len(c) - 1})
            points = " ".join(xy(n, int(c[n])) for n in heaps)
            out.append(f'<polyline points="{points}" fill="none" stroke="#c8553d" stroke-width="1"><title>{escape(code)}</title></polyline>')
        # the codes of the highest curves, where their labels do not overlap
        taken: List[float] = []
        for code, c in sorted(curves, key=lambda t: -int(t[1][-1])):
            label_y = plot_top + plot_h * (1 - int(c[-1]) / top_g) + 4
            if len(taken) < 6 and all(abs(label_y - t) >= 10 for t in taken):
                taken.append(label_y)
                out.append(f'<text x="{width - pad + 3}" y="{label_y:.1f}" font-size="9">{escape(code)}</text>')
        out.append(f'<text x="{pad}" y="{plot_top + plot_h + 16}">1</text>')
        out.append(f'<text x="{width - pad}" y="{plot_top + plot_h + 16}" text-anchor="end">{top_n}</text>')
        out.append(f'<text x="{pad - 4}" y="{plot_top + 10}" text-anchor="end">{top_g}</text>')
    else:
        out.append(f'<text x="{pad + 10}" y="{plot_top + 20}">every code is proved</text>')
    out.append(f'<text x="{width // 2}" y="{plot_top + plot_h + 32}" text-anchor="middle">heap n (logarithmic)</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def ray_options(address: Optional[str], num_cpus: Optional[int]) -> Dict[str, Any]:
    """The options of ``ray.init`` a command's ``--address`` and ``--num-cpus`` ask
    for: none for a cluster's address; for a Ray started here, no dashboard and
    the CPUs given."""
    if address is not None:
        return {}
    options: Dict[str, Any] = {"include_dashboard": False}
    if num_cpus is not None:
        options["num_cpus"] = num_cpus
    return options


def main(argv: Optional[List[str]] = None) -> int:
    """``python -m grundy.census SHAPE… --to N [--out FILE] [--address ADDR]``."""
    parser = argparse.ArgumentParser(
        prog="python -m grundy.census",
        description="Classify every take-and-break code of a shape to heap N on Ray: proved period, arithmetic-periodic, or open.",
    )
    parser.add_argument("shape", nargs="+", help="a shape such as 0.dd, 0.ddd or 4.xx (x: a hexadecimal digit), or codes such as 0.07")
    parser.add_argument("--to", type=int, required=True, help="the largest heap to compute")
    parser.add_argument("--out", help="a .csv or .parquet file for the rows (resumed if it exists)")
    parser.add_argument("--plot", help="an .svg file for a picture of the census")
    parser.add_argument("--address", help="a Ray cluster's address (default: Ray on this machine)")
    parser.add_argument("--num-cpus", type=int, help="CPUs for a Ray started here")
    parser.add_argument("--chunk", type=int, default=CHUNK, help=f"the most heaps a task computes (default {CHUNK})")
    parser.add_argument("--method", default="rare-common", choices=["rare-common", "naive"])
    parser.add_argument("--fresh", action="store_true", help="compute every code again")
    args = parser.parse_args(argv)
    extra = ray_options(args.address, args.num_cpus)

    def report(row: Dict[str, Any]) -> None:
        print(f"  {row['code']}: {row['status']}", file=sys.stderr, flush=True)

    def stepped(code: str, first: int, last: int) -> None:
        print(f"  {code}: heaps {first} to {last}", file=sys.stderr, flush=True)

    try:
        rows = census(
            args.shape,
            args.to,
            args.out,
            address=args.address,
            chunk=args.chunk,
            method=args.method,
            resume=not args.fresh,
            progress=report,
            on_step=stepped,
            **extra,
        )
    except (ParseError, FileError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(format_rows(rows))
    print()
    print(summary(rows, args.to))
    if args.plot:

        def values(code: str) -> Optional[np.ndarray[Any, Any]]:
            return _load_checkpoint(args.out, code)[0] if args.out else None

        with open(args.plot, "w") as f:
            f.write(svg(rows, values))
    return 0


if __name__ == "__main__":
    sys.exit(main())

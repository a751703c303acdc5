#!/usr/bin/env python3
"""The sources' published figures (data/published-figures.json) against the sources.

    test_published_figures.py DATA.json EXCERPT_DIR

EXCERPT_DIR holds verbatim excerpts of the source tables (test-vectors/published/*.txt):
blocks of the lines as printed, each under a "# Source:" line and a "# Table: ID" (or
"# Machine: DOC") line. This script parses those lines on its own, one parser per layout
of the sources (row lines of 000, the tab-separated tables of 001 and 004, the transposed
slides of 002 and its tables of ciphers by mode and of one-block CTR, decimal commas in
000, thousands separators in 004), and checks:
  - every table of the data file has its excerpt and every excerpt its table;
  - every figure of every row equals the source's, row by row and column by column, and a
    table has every row and column the source prints (but where it says it is "partial");
  - the captions' key size and processor count are the table's (004), the build its x86
    or x64 (002), and the document's machine (or a table's own, 002's #9) names the CPU
    the data gives it;
  - the checks can fail: one figure changed in each table must be reported.
Exit 0 when all hold, 1 otherwise (each failure on its own line). Python 3 standard library only.
"""
import copy
import glob
import json
import os
import re
import sys

METHODS_004 = {"Sequential": "sequential", "[10]": "postcomputation_10", "[11]": "precomputation_11",
               "[12]": "pipeline_12", "New": "per_request"}
OPS_002 = [("Генерация", "keygen"), ("предподписи", "presignature"), ("Постановка", "sign"), ("Проверка", "verify")]
# 002's #1 headings (XTR is its slip for XTS) and #9's operations, as the data's columns.
MODES_002 = {"ECB": "ecb_mb_s", "CTR": "ctr_mb_s", "CFB": "cfb_mb_s", "OFB": "ofb_mb_s", "CBC": "cbc_mb_s",
             "WRAP": "wrap_mb_s", "MAC": "mac_mb_s", "WRAP-P": "wrap_p_mb_s", "XTR": "xts_mb_s", "GCM": "gcm_mb_s",
             "CCM": "ccm_mb_s"}
CTR_002 = {"Зашифровать": "encrypt_ms", "Расшифровать": "decrypt_ms"}


class Failures(list):
    def check(self, ok, what):
        if not ok:
            self.append(what)
        return ok


# ---- the excerpts ---------------------------------------------------------------------------

def read_blocks(directory):
    """{("Table" or "Machine", id): (source line, [lines])} of every excerpt file."""
    blocks = {}
    for path in sorted(glob.glob(os.path.join(directory, "*.txt"))):
        source, current = None, None
        with open(path, encoding="utf-8") as f:
            for line in f.read().split("\n"):
                if line.startswith("# Source:"):
                    source, current = line, None
                elif source and re.match(r"# (Table|Machine): ", line):
                    kind, ident = line[2:].split(": ", 1)
                    current = blocks.setdefault((kind, ident), (source, []))[1]
                elif line.startswith("#"):
                    continue
                elif current is not None:
                    current.append(line)
    return blocks


def number(token, decimal_comma):
    """A printed figure: '-' is None; a comma is the decimal point (000) or a thousands
    separator (004)."""
    if token == "-":
        return None
    token = token.replace(",", "." if decimal_comma else "")
    return float(token)


def is_number(token, decimal_comma=True):
    try:
        number(token, decimal_comma)
        return True
    except ValueError:
        return False


def parse_rows_000(lines, columns, numbered):
    """000's tables: "[No.] key figures..." lines, decimal commas; Tables 2-4 number their
    rows 1, 2, ... in order, Table 1 does not."""
    rows, seen = {}, 0
    for line in lines:
        tokens = line.split()
        if len(tokens) != len(columns) + numbered or not all(is_number(t) for t in tokens):
            continue
        seen += 1
        if numbered and int(tokens[0]) != seen:
            raise ValueError(f"row number {tokens[0]} where {seen} was due")
        values = [number(t, True) for t in tokens[numbered:]]
        rows[int(values[0])] = dict(zip(columns[1:], values[1:]))
    return rows


def parse_comba_001(lines):
    """001's Table 1, tab-separated: CPU (on its first row only), algorithm, one figure per
    operand length of the header's second line."""
    rows, cpu, words = {}, None, None
    for line in lines:
        fields = line.split("\t")
        if words is None and len(fields) > 2 and all(f.isdigit() for f in fields[2:]) and fields[2:]:
            words = [int(f) for f in fields[2:]]
            continue
        if words is None or len(fields) != 2 + len(words) or not all(is_number(f) for f in fields[2:]):
            continue
        cpu = fields[0] or cpu
        rows[(cpu, fields[1])] = {f"words32_{w}": number(f, False) for w, f in zip(words, fields[2:])}
    return rows


def parse_hash_002(lines):
    """002's #2: a name, then the hash, HMAC and KMAC figures ('-' where none)."""
    rows = {}
    for line in lines:
        tokens = line.split()
        if len(tokens) < 4 or not all(is_number(t, False) for t in tokens[-3:]) or is_number(tokens[0]):
            continue
        rows[" ".join(tokens[:-3])] = dict(zip(("hash_mb_s", "hmac_mb_s", "kmac_mb_s"),
                                               (number(t, False) for t in tokens[-3:])))
    return rows


def parse_named_rows(lines, heading):
    """002's #1 and #9: a line of column headings (`heading` maps the printed ones to the
    data's), then rows of a name and one figure per heading ('-' where none).
    ({name: {column: figure}}, the lines before the headings)."""
    rows, columns, title = {}, None, ""
    for line in lines:
        tokens = line.split()
        if columns is None:
            if tokens and all(t in heading for t in tokens):
                columns = [heading[t] for t in tokens]
            else:
                title += " " + line
            continue
        n = len(columns)
        if len(tokens) > n and all(is_number(t, False) for t in tokens[-n:]) and not is_number(tokens[-n - 1], False):
            rows[" ".join(tokens[:-n])] = {c: number(t, False) for c, t in zip(columns, tokens[-n:])}
    return rows, title


def parse_slides_002(lines):
    """002's #3 to #6: a header of curves (B-163, P-256, ...) or of RSA key sizes ("RSA 512
    1024 ..."), then one line of figures per operation, named by the text since the previous
    figures line; where an operation's name has no figures (#6's x86 key generation), the
    name nearest the figures is theirs. ({curve or bits: {op_ms: x}}, title)."""
    rows, curves, label, title = {}, None, [], ""
    for line in lines:
        tokens = line.split()
        names = [t for t in tokens if re.fullmatch(r"[BP]-\d+", t)]
        if tokens[:1] == ["RSA"] and len(tokens) >= 3 and all(t.isdigit() for t in tokens[1:]):
            names = tokens[1:]
        if len(names) >= 3:
            curves, label = names, []
            continue
        if curves is None:
            title += " " + line
            continue
        n = len(curves)
        if len(tokens) >= n and all(is_number(t, False) for t in tokens[-n:]):
            text = " ".join(label + tokens[:-n])
            ops = sorted((text.rfind(word), op) for word, op in OPS_002 if word in text)
            if not ops:
                raise ValueError(f"cannot name the operation of {line!r} (after {text!r})")
            ops = [ops[-1][1]]
            for curve, t in zip(curves, tokens[-n:]):
                rows.setdefault(curve, {})[ops[0] + "_ms"] = number(t, False)
            label = []
        elif line.strip():
            label.append(line.strip())
    return rows, title


def parse_methods_004(lines):
    """004's Tables 5.5-5.16: r, then the five methods' times; and the caption's key size and u."""
    rows, header, caption = {}, None, None
    for line in lines:
        fields = line.split("\t")
        if fields[0] == "$r$":
            header = [METHODS_004[f] for f in fields[1:]]
        elif line.startswith("Table "):
            caption = line
        elif header and len(fields) == len(header) + 1 and all(is_number(f, False) for f in fields):
            rows[int(fields[0])] = {m: number(f, False) for m, f in zip(header, fields[1:])}
    m = re.search(r"key size = (\d+)-bit and processors +\$u = (\d+)\$", caption or "")
    return rows, (int(m.group(1)), int(m.group(2))) if m else None, caption


def parse_doublings_004(lines):
    """004's Table 5.4: m, then for each r of the first header line the four methods of the
    second; thousands separators. ({(m, r): {method: count}}, the caption's u)."""
    rows, rs, methods, caption = {}, None, None, None
    for line in lines:
        fields = line.split("\t")
        if fields[0] == "$M$":
            rs = [int(re.search(r"\d+", f).group()) for f in fields[1:] if f]
        elif rs and methods is None and fields[0] == "":
            methods = [METHODS_004[f] for f in fields[1:] if f]
        elif line.startswith("Table "):
            caption = line
        elif methods and fields[0].isdigit():
            per_r = len(methods) // len(rs)
            for i, r in enumerate(rs):
                part = fields[1 + i * per_r: 1 + (i + 1) * per_r]
                rows[(int(fields[0]), r)] = {m: number(f, False) for m, f in zip(methods[:per_r], part)}
    u = re.search(r"\$u = (\d+)\$", caption or "")
    return rows, int(u.group(1)) if u else None, caption


# ---- the data against the excerpts ---------------------------------------------------------

def source_rows(table_id, table, lines, fail):
    """The excerpt's rows keyed as the data's rows will be (see data_key), and checks of the
    captions and builds."""
    cols = table["columns"]
    if table_id.startswith("000:"):
        return parse_rows_000(lines, cols, numbered=table_id != "000:T1")
    if table_id == "001:T1":
        return parse_comba_001(lines)
    if table_id.startswith("002:#2/"):
        return parse_hash_002(lines)
    if table_id.startswith("002:#1/") or table_id == "002:#9":
        rows, title = parse_named_rows(lines, MODES_002 if table_id != "002:#9" else CTR_002)
        build = table_id.split("/")[1] if "/" in table_id else None
        want = f"Производительность #{table_id[5]}" + (f" ({build})" if build else "")
        fail.check(want in title, f"{table_id}: the excerpt's title {title.strip()!r} is not {want!r}")
        return rows
    if table_id.startswith("002:"):
        rows, title = parse_slides_002(lines)
        build = table_id.split("/")[1]
        fail.check(f"({build})" in title, f"{table_id}: the excerpt's title {title.strip()!r} is not the {build} build")
        return rows
    if table_id == "004:T5.4":
        rows, u, caption = parse_doublings_004(lines)
        fail.check(u == table.get("u"), f"{table_id}: caption {caption!r} says u = {u}, the data {table.get('u')}")
        return rows
    if table_id.startswith("004:T5."):
        rows, key_u, caption = parse_methods_004(lines)
        want = (table.get("key_bits"), table.get("u"))
        fail.check(key_u == want, f"{table_id}: caption {caption!r} says (key bits, u) = {key_u}, the data {want}")
        fail.check(caption is not None and caption.startswith(table_id.replace("004:T", "Table ") + ":"),
                   f"{table_id}: the excerpt's caption is {caption!r}")
        return rows
    raise ValueError(f"no parser for table {table_id}")


def data_key(table_id, table, row):
    """(the source's label of a data row, {column: figure}) using the table's printed_names."""
    values = dict(zip(table["columns"], row))
    printed = table.get("printed_names", {})
    name = lambda x: printed.get(x, x)
    if table_id.startswith("000:"):
        key = values.pop(table["columns"][0])
    elif table_id == "001:T1":
        key = (name(values.pop("cpu")), name(values.pop("algorithm")))
    elif table_id.startswith("002:#2/"):
        key = name(values.pop("hasher"))
    elif table_id.startswith("002:#1/") or table_id == "002:#9":
        key = name(values.pop("cipher"))
    elif table_id.startswith("002:#3/"):
        key = f"B-{values.pop('m')}"
    elif table_id.startswith("002:#6/"):
        key = str(values.pop("bits"))
    elif table_id.startswith("002:"):
        key = name(values.pop("curve"))
    elif table_id == "004:T5.4":
        key = (values.pop("m"), values.pop("r"))
    else:
        key = values.pop("r")
    return key, values


def check_table(table_id, table, lines, fail):
    """Every figure of one data table against its excerpt; returns the figures compared."""
    try:
        source = source_rows(table_id, table, lines, fail)
    except (ValueError, KeyError) as e:
        fail.append(f"{table_id}: the excerpt does not parse: {e}")
        return 0
    compared = 0
    keys = set()
    for row in table["rows"]:
        key, values = data_key(table_id, table, row)
        keys.add(key)
        if not fail.check(key in source, f"{table_id}: row {key!r} is not in the source"):
            continue
        fail.check(set(values) == set(source[key]),
                   f"{table_id} {key!r}: columns {sorted(values)}, the source prints {sorted(source[key])}")
        for column, value in values.items():
            printed = source[key].get(column)
            ok = (value is None and printed is None) or (value is not None and printed is not None
                                                         and float(value) == printed)
            fail.check(ok, f"{table_id} {key!r} {column}: data {value}, source {printed}")
            compared += 1
    if "partial" not in table:
        missing = sorted(set(source) - keys, key=str)
        fail.check(not missing, f"{table_id}: source rows {missing} are not in the data")
    fail.check(len(source) > 0, f"{table_id}: no rows parsed from the excerpt")
    return compared


def check_machine(what, cpu, block, fail):
    """The excerpt naming a document's (or a table's) machine contains every token of the
    data's "cpu" that carries a digit (model number, clock, memory)."""
    text = " ".join(block)
    for token in re.findall(r"[A-Za-z0-9.-]*\d[A-Za-z0-9.-]*", cpu):
        fail.check(token in text, f"{what}: cpu {cpu!r}: {token!r} is not in the source's machine")


def check(data, blocks):
    """(failures, figures compared) of a whole data file against the excerpts."""
    fail, compared = Failures(), 0
    tables = data["tables"]
    for kind, ident in blocks:
        if kind == "Table":
            fail.check(ident in tables, f"excerpt of {ident}: no such table in the data")
    for table_id, table in tables.items():
        block = blocks.get(("Table", table_id))
        if not fail.check(block is not None, f"{table_id}: no excerpt of it"):
            continue
        source_line, lines = block
        doc = data["documents"].get(table.get("document"), {})
        fail.check(f"[{doc.get('short_name')}]" in source_line,
                   f"{table_id}: the excerpt's Source line does not name [{doc.get('short_name')}]")
        compared += check_table(table_id, table, lines, fail)
    machines = [(f"document {i}", i, d["cpu"]) for i, d in data["documents"].items() if "cpu" in d]
    machines += [(f"table {i}", i, t["cpu"]) for i, t in tables.items() if "cpu" in t]
    for what, ident, cpu in machines:
        block = blocks.get(("Machine", ident))
        if fail.check(block is not None, f"{what}: no excerpt naming its machine"):
            check_machine(what, cpu, block[1], fail)
    return fail, compared


def mutation_escapes(data, blocks):
    """The tables in which a changed figure (the first number of the last row) goes unreported."""
    escaped = []
    for table_id, table in data["tables"].items():
        mutant = copy.deepcopy(data)
        row = mutant["tables"][table_id]["rows"][-1]
        i = max(i for i, v in enumerate(row) if isinstance(v, (int, float)))
        row[i] = row[i] * 1.001 + 1
        fail, _ = check(mutant, blocks)
        if not fail:
            escaped.append(table_id)
    return escaped


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    with open(argv[0], encoding="utf-8") as f:
        data = json.load(f)
    blocks = read_blocks(argv[1])
    fail, compared = check(data, blocks)
    for line in fail:
        print("FAIL  " + line)
    tables = len(data["tables"])
    print(f"{'ok' if not fail else 'FAIL'}    {compared} figures of {tables} tables equal the sources' "
          f"({len(blocks)} excerpts)")
    escaped = mutation_escapes(data, blocks) if not fail else []
    for table_id in escaped:
        print(f"FAIL  {table_id}: a changed figure was not reported")
    if not fail and not escaped:
        print(f"ok    a changed figure in each of the {tables} tables is reported")
    return 1 if fail or escaped else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

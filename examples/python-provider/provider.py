#!/usr/bin/env python3
"""A minimal kofun discovery provider speaking the kofun-ctk persistent process protocol.

Python 3 standard library only. It implements request validation and staleness exactly
as the contract and the kit's interpretations register fix them, so it answers the
`stale` and `invalid` vector categories byte for byte. Past those checks it looks up
operations only in the simplest worlds and otherwise answers a protocol `error` with
code `unsupported` (a real provider implements the whole lookup there). See PROTOCOL.md
at the root of the kit for the framing.

Run it with:  npx kofun-ctk run --process 'python3 examples/python-provider/provider.py' \
                  --category stale --category invalid
"""

import hashlib
import json
import struct
import sys
import unicodedata

PROTOCOL = "kofun.ctk.provider-protocol/v1"
MAX_HEADER = 128

# Contract limits (kofun.discovery/default-v1).
REQUEST_MAX_BYTES = 65536
REQUEST_MAX_DEPTH = 16
INTERFACE_SET_MAX_MEMBERS = 4096
U32_MAX = 4294967295
U53_MAX = 9007199254740991

QUERY_KINDS = ("type", "operations", "type-and-operations", "explain-operation")
HEX = frozenset("0123456789abcdef")


class Invalid(Exception):
    """The request is not a canonical, schema-valid kofun.discovery.request/v1."""


class ProtocolFault(Exception):
    """The runner broke the framing; the provider stops."""


# ---------------------------------------------------------------- canonical JSON


def _reject_float(text):
    raise Invalid("floating-point number")


def _reject_constant(text):
    raise Invalid("non-JSON constant")


def _object_without_duplicates(pairs):
    obj = {}
    for key, value in pairs:
        if key in obj:
            raise Invalid("duplicate key")
        obj[key] = value
    return obj


def encode_canonical(value, indent=0):
    """The canonical layout: sorted keys (by UTF-8 bytes), two-space indent, only \\" and \\\\ escaped."""
    pad = "  " * indent
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        if not value:
            return "[]"
        items = [pad + "  " + encode_canonical(item, indent + 1) for item in value]
        return "[\n" + ",\n".join(items) + "\n" + pad + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        keys = sorted(value, key=lambda k: k.encode("utf-8"))
        items = [pad + "  " + encode_canonical(k) + ": " + encode_canonical(value[k], indent + 1) for k in keys]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    raise TypeError("not a JSON value")


def canonical_bytes(value):
    return (encode_canonical(value) + "\n").encode("utf-8")


def depth_of(value):
    if isinstance(value, dict):
        return 1 + max((depth_of(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((depth_of(v) for v in value), default=0)
    return 0


def decode_canonical_request(data):
    """Decodes request bytes, accepting exactly the canonical encoding (OQ-03 reading A)."""
    if len(data) > REQUEST_MAX_BYTES:
        raise Invalid("request over 64 KiB")
    try:
        text = data.decode("utf-8", errors="strict")
        value = json.loads(
            text,
            object_pairs_hook=_object_without_duplicates,
            parse_float=_reject_float,
            parse_constant=_reject_constant,
        )
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise Invalid("not JSON")
    if not isinstance(value, dict):
        raise Invalid("not an object")
    if depth_of(value) > REQUEST_MAX_DEPTH:
        raise Invalid("too deep")
    try:
        again = canonical_bytes(value)
    except (UnicodeEncodeError, TypeError):
        raise Invalid("not encodable")
    if again != data:
        raise Invalid("not the canonical encoding")
    return value


# ---------------------------------------------------------------- request schema


def is_int(v, maximum):
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= maximum


def is_id(v):
    return isinstance(v, str) and len(v) == 64 and all(c in HEX for c in v)


def is_text(v, min_bytes, max_bytes):
    """NFC UTF-8 of min..max bytes without a Unicode Cc control character (OQ-37 reading A)."""
    if not isinstance(v, str):
        return False
    try:
        size = len(v.encode("utf-8"))
    except UnicodeEncodeError:
        return False
    if not (min_bytes <= size <= max_bytes):
        return False
    if any(unicodedata.category(c) == "Cc" for c in v):
        return False
    return unicodedata.is_normalized("NFC", v)


def exact_keys(obj, keys):
    return isinstance(obj, dict) and set(obj) == set(keys)


def validate_request(r):
    if not exact_keys(r, ("schema", "analysis", "position", "query")):
        raise Invalid("request fields")
    if r["schema"] != "kofun.discovery.request/v1":
        raise Invalid("schema")
    a = r["analysis"]
    if not exact_keys(a, ("file_id", "source_sha256", "interface_set_sha256", "generation", "semantic_compatibility")):
        raise Invalid("analysis fields")
    if not (is_id(a["file_id"]) and is_id(a["source_sha256"]) and is_id(a["interface_set_sha256"])):
        raise Invalid("analysis ids")
    if not is_int(a["generation"], U53_MAX) or not is_text(a["semantic_compatibility"], 1, 256):
        raise Invalid("analysis values")
    p = r["position"]
    if not exact_keys(p, ("byte_offset", "expression")) or not is_int(p["byte_offset"], U32_MAX):
        raise Invalid("position")
    e = p["expression"]
    if not exact_keys(e, ("start", "end")) or not is_int(e["start"], U32_MAX) or not is_int(e["end"], U32_MAX):
        raise Invalid("span")
    q = r["query"]
    if not exact_keys(q, ("kind", "include_unavailable", "spelling")):
        raise Invalid("query fields")
    if q["kind"] not in QUERY_KINDS or not isinstance(q["include_unavailable"], bool):
        raise Invalid("query values")
    if q["kind"] == "explain-operation":
        if not is_text(q["spelling"], 1, 1024):
            raise Invalid("spelling")
    elif q["spelling"] is not None:
        raise Invalid("spelling must be null")
    return r


# ---------------------------------------------------------------- fixture and key


def interface_set_digest(interfaces):
    """The framed SHA-256 of the validated interface views (KD-DIGEST-02..11)."""
    members = []
    for i in interfaces:
        if not i["validated"]:
            continue
        view = 2 if i["view"] == "internal" else 1
        members.append(bytes.fromhex(i["package_id"]) + bytes.fromhex(i["module_id"]) + bytes([view]) + bytes.fromhex(i["semantic_digest"]))
    members.sort()
    payload = struct.pack(">I", len(members)) + b"".join(members)
    domain = b"kofun.discovery.interface-set/v1"
    frame = b"KOFUN\x00" + struct.pack(">H", len(domain)) + domain + struct.pack(">I", len(payload)) + payload
    return hashlib.sha256(frame).hexdigest(), len(members)


class Fixture:
    def __init__(self, data):
        f = json.loads(data.decode("utf-8"))
        self.raw = f
        self.source = f["file"]["source"].encode("utf-8")
        digest, members = interface_set_digest(f["interfaces"])
        self.key = {
            "file_id": f["file"]["file_id"],
            "source_sha256": hashlib.sha256(self.source).hexdigest(),
            "interface_set_sha256": digest,
            "generation": f["generation"],
            "semantic_compatibility": f["semantic_compatibility"],
        }
        self.over_cap = members > INTERFACE_SET_MAX_MEMBERS
        self.cancelled = f["cancelled"]
        self.facts = f["current_file_facts"]
        self.spans = {(o["span"]["start"], o["span"]["end"]) for o in f["occurrences"]}
        self.occurrences = {(o["span"]["start"], o["span"]["end"]): o for o in f["occurrences"]}


# ---------------------------------------------------------------- results


def result(status, analysis, reason):
    return canonical_bytes({
        "schema": "kofun.discovery.result/v1",
        "authoritative": False,
        "limit_profile": "kofun.discovery/default-v1",
        "status": status,
        "analysis": analysis,
        "type": None,
        "operations": [],
        "omissions": [],
        "diagnostics": [],
        "reason": reason,
        "truncated": False,
    })


def boundary(source, offset):
    return 0 <= offset <= len(source) and (offset == len(source) or (source[offset] & 0xC0) != 0x80)


class Unsupported(Exception):
    """A query past the checks this example implements."""


def answer(fixture, data):
    """Step 1 of the contract in the kit's check order (KIT-01)."""
    try:
        request = validate_request(decode_canonical_request(data))
    except Invalid:
        return result("invalid", None, "invalid-request")
    asked, current = request["analysis"], fixture.key
    if asked["file_id"] != current["file_id"]:
        return result("stale", asked, "wrong-file")
    offset = request["position"]["byte_offset"]
    span = request["position"]["expression"]
    # The span's start <= end is a schema rule checked right after the FileId (KIT-01 C, OQ-12 D): a request for
    # another file is wrong-file first, a reversed span of this file invalid-request before any other key field.
    if span["start"] > span["end"]:
        return result("invalid", None, "invalid-request")
    for field, reason in (
        ("source_sha256", "stale-source"),
        ("interface_set_sha256", "stale-interface-set"),
        ("generation", "stale-generation"),
        ("semantic_compatibility", "stale-semantic-compatibility"),
    ):
        if asked[field] != current[field]:
            return result("stale", asked, reason)
    if not (span["start"] <= offset <= span["end"]) or not all(boundary(fixture.source, o) for o in (span["start"], offset, span["end"])):
        return result("invalid", None, "invalid-position")
    if fixture.cancelled:
        return result("unavailable", asked, "cancelled-before-analysis")
    if fixture.facts in ("kif-only", "sidecar-rejected"):
        return result("unavailable", asked, "incomplete-current-file-facts")
    if (span["start"], span["end"]) not in fixture.spans:
        return result("invalid", None, "invalid-position")
    if fixture.over_cap:
        return result("unavailable", asked, "limit-exhausted")
    return simple_lookup(fixture, request, fixture.occurrences[(span["start"], span["end"])])


# ---------------------------------------------------------------- a deliberately small lookup

RANK = {"validated": 0, "provisional": 1, "unavailable": 2, "error": 3}


def dependency_sort_key(d):
    return (d["source"].encode("utf-8"), d["kind"].encode("utf-8"), d["value"].encode("utf-8"))


def simple_lookup(fixture, request, occurrence):
    """Contract steps 2 to 9 for the simplest worlds only: every fact validated, every applicable
    candidate visible, no extension, trait, effect or unsatisfied requirement. Anything else is
    left to a real implementation and answered `unsupported`, so this example never guesses."""
    f = fixture.raw
    query = request["query"]
    if query["kind"] == "explain-operation" or f["candidate_series"]:
        raise Unsupported("explain-operation and candidate series are not implemented by this example")
    nodes = {(n["source"], n["kind"], n["value"]): n for n in f["facts"]}

    def closure(key, seen=None):
        seen = set() if seen is None else seen
        if key in seen:
            return 0
        seen.add(key)
        node = nodes[key]
        return max([RANK[node["status"]]] + [closure((d["source"], d["kind"], d["value"]), seen) for d in node["depends_on"]])

    def dependencies(keys):
        refs = {}
        for d in keys:
            if closure((d["source"], d["kind"], d["value"])) != 0:
                raise Unsupported("a non-validated dependency needs status closure")
            refs[(d["source"], d["kind"], d["value"])] = {"source": d["source"], "kind": d["kind"], "value": d["value"], "status": "validated"}
        if len(refs) > 64:
            raise Unsupported("the 64-dependency cap (OQ-09) is not implemented by this example")
        return sorted(refs.values(), key=dependency_sort_key)

    t = occurrence["type"]
    if t["status"] != "validated" or t["diagnostic_ids"]:
        raise Unsupported("a non-validated type needs status closure")
    type_fact = {"status": "validated", "identity": t["identity"], "display": t["display"], "dependencies": dependencies(t["dependencies"]), "diagnostic_ids": [], "reason": None}
    rows = []
    omissions = []
    if query["kind"] != "type":
        interfaces = {(i["package_id"], i["module_id"]): i for i in f["interfaces"]}
        # A view that failed validation is never read; its presence alone makes the lookup partial (KIT-03 C).
        if any(not i["validated"] for i in f["interfaces"]):
            omissions.append({"reason": "incomplete-analysis", "requested_spelling": None})
        if len(f["candidates"]) > 10000:
            raise Unsupported("the step budget is not implemented by this example")
        for c in f["candidates"]:
            home = c["home"]
            view = None if home["kind"] == "current-file" else interfaces.get((home["package_id"], home["module_id"]))
            if home["kind"] == "interface" and (view is None or not view["validated"]):
                continue  # outside the environment, or in a view that is never read (KIT-03 C)
            if c["receiver_type"] not in (None, t["identity"]["value"]):
                continue  # not applicable (KIT-02)
            exposed = c["admitted"] and (view is None or (view["validated"] and view["names_in_scope"] and (c["visibility"] == "pub" or (view["view"] == "internal" and c["visibility"] == "internal"))))
            plain = c["origin"]["kind"] in ("function", "member") and c["status"] == "validated" and c["origin"]["status"] == "validated"
            requirements_hold = all(g["satisfied"] and g["status"] == "validated" for g in c["generic_requirements"])
            if not exposed or not plain or not requirements_hold or c["effects"] or c["diagnostic_ids"] or len(c["generic_requirements"]) > 64:
                raise Unsupported("omissions, rejections and effects are not implemented by this example")
            mode = c["required_mode"]
            if mode != "none" and not occurrence["permits"][mode]:
                if query["include_unavailable"]:
                    raise Unsupported("unavailable rows are not implemented by this example")
                continue  # an unavailable row, dropped without an omission (a definitive rejection, OQ-32 D)
            requirements = [{"kind": g["kind"], "identity": g["identity"], "display": g["display"], "status": "validated"} for g in c["generic_requirements"]]
            requirements.sort(key=lambda g: (0, g["identity"]["kind"].encode("utf-8"), g["identity"]["value"].encode("utf-8")) if g["identity"] else (1, g["kind"].encode("utf-8"), g["display"].encode("utf-8")))
            nested = [d for g in c["generic_requirements"] for d in g["dependencies"]] + c["origin"]["dependencies"]
            o = c["origin"]
            rows.append({
                "status": "validated",
                "identity": {"kind": "SymbolId", "value": c["identity"]},
                "display_name": c["display_name"],
                "qualified_name": c["qualified_name"],
                "signature": c["signature"],
                "generic_requirements": requirements,
                "receiver_mode": mode,
                "effects": [],
                "origin": {"status": "validated", "kind": o["kind"], "module": o["module"], "module_identity": {"kind": "ModuleId", "value": o["module_identity"]}, "implementation_identity": None, "trait": None, "trait_identity": None},
                "visibility": c["visibility"],
                "availability": "callable",
                "rejection_reasons": [],
                "source": c["source"] if c["disclose_source"] else None,
                "documentation": "kofun-doc:" + c["documentation"] if c["disclose_documentation"] and c["documentation"] else None,
                "dependencies": dependencies(c["dependencies"] + nested),
                "diagnostic_ids": [],
            })
    if len(rows) > 4096 or any(r["signature"] is None for r in rows):
        raise Unsupported("truncation is not implemented by this example")
    rows.sort(key=lambda r: r["identity"]["value"])
    out = canonical_bytes({
        "schema": "kofun.discovery.result/v1",
        "authoritative": False,
        "limit_profile": "kofun.discovery/default-v1",
        "status": "partial" if omissions else "complete",
        "analysis": request["analysis"],
        "type": type_fact,
        "operations": rows,
        "omissions": omissions,
        "diagnostics": [],
        "reason": None,
        "truncated": False,
    })
    if len(out) > 4 * 1024 * 1024:
        raise Unsupported("the result byte cap is not implemented by this example")
    return out


# ---------------------------------------------------------------- framing


def read_frame(stdin):
    line = stdin.readline(MAX_HEADER)
    if not line:
        return None
    if not line.endswith(b"\n"):
        raise ProtocolFault("header line too long or cut")
    parts = line[:-1].decode("ascii").split(" ")
    if len(parts) != 5 or parts[0] != "KCTK1":
        raise ProtocolFault("bad header")
    _, kind, ident, ref, length = parts
    length = int(length)
    body = b""
    while len(body) < length:
        chunk = stdin.read(length - len(body))
        if not chunk:
            raise ProtocolFault("body cut short")
        body += chunk
    return kind, int(ident), ref, body


def write_frame(stdout, kind, ident, ref, body=b""):
    stdout.write(("KCTK1 %s %d %s %d\n" % (kind, ident, ref, len(body))).encode("ascii") + body)
    stdout.flush()


def main():
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    fixtures = {}
    while True:
        frame = read_frame(stdin)
        if frame is None:
            return 0
        kind, ident, ref, body = frame
        if kind == "hello":
            hello = {"protocol": PROTOCOL, "name": "python example provider", "version": "0.1.0", "interpretations": ["OQ-01:A", "OQ-02:A", "OQ-03:A", "OQ-10:A", "KIT-01:A"]}
            write_frame(stdout, "hello", 0, "-", json.dumps(hello).encode("utf-8"))
        elif kind == "load-fixture":
            if hashlib.sha256(body).hexdigest() != ref:
                write_frame(stdout, "error", ident, "bad-fixture", b"sha256 does not match the fixture bytes")
                continue
            try:
                fixtures[ref] = Fixture(body)
            except (ValueError, KeyError, TypeError) as err:
                write_frame(stdout, "error", ident, "bad-fixture", str(err).encode("utf-8")[:4096])
                continue
            write_frame(stdout, "fixture-loaded", ident, ref)
        elif kind == "query":
            fixture = fixtures.get(ref)
            if fixture is None:
                write_frame(stdout, "error", ident, "unknown-fixture", b"no fixture with that sha256 was loaded")
                continue
            try:
                write_frame(stdout, "result", ident, "-", answer(fixture, body))
            except Unsupported as err:
                write_frame(stdout, "error", ident, "unsupported", str(err).encode("utf-8"))
        elif kind == "shutdown":
            write_frame(stdout, "bye", 0, "-")
            return 0
        else:
            write_frame(stdout, "error", ident, "bad-message", ("unexpected message type " + kind).encode("utf-8"))


if __name__ == "__main__":
    try:
        sys.exit(main())
    except ProtocolFault as fault:
        sys.stderr.write("python provider: protocol fault: %s\n" % fault)
        sys.exit(2)

#!/usr/bin/env python3
"""A kofun discovery provider speaking the kofun-ctk persistent process protocol.

Python 3 standard library only. It implements request validation and staleness exactly as the contract and the
kit's interpretations register fix them, and the contract's lookup (steps 2 to 9) for the query kinds type,
operations and type-and-operations. The features explain-operation and step-budget it declares missing in its hello
(PROTOCOL.md, "Features"): the runner never sends their vectors, and such a query is answered with a protocol `error`
whose code is `unsupported`, never with a guess. See PROTOCOL.md at the root of the kit for the framing.

Run it with:  npx kofun-ctk run --config examples/python-provider/provider-config.json --allow-missing-features
"""

import collections
import hashlib
import json
import struct
import sys
import unicodedata

PROTOCOL = "kofun.ctk.provider-protocol/v1"

# The readings of the kit's interpretations register (oracle/interpretations.json) this provider follows.
INTERPRETATIONS = [
    "OQ-01:A", "OQ-02:A", "OQ-03:A", "OQ-06:A", "OQ-08:A", "OQ-09:A", "OQ-10:A", "OQ-12:D", "OQ-19:D", "OQ-22:A",
    "OQ-23:A", "OQ-32:D", "KIT-01:C", "KIT-02:C", "KIT-03:C", "KIT-04:C", "KIT-06:B", "KIT-07:A", "KIT-08:C",
    "KIT-09:A", "KIT-11:A", "KIT-12:C",
]

# The features (PROTOCOL.md, "Features") this provider does not implement: the runner leaves their vectors
# NOT-APPLICABLE instead of sending them. The configuration declares release-cost, a matter of the build, not of
# this process.
MISSING_FEATURES = ["explain-operation", "step-budget"]
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
        self._world = None

    @property
    def world(self):
        """The fact graph, candidates and disclosure of the fixture, built for its first lookup."""
        if self._world is None:
            self._world = World(self.raw)
        return self._world


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
    return lookup(fixture, request, fixture.occurrences[(span["start"], span["end"])])


# ---------------------------------------------------------------- the lookup (contract steps 2 to 9)
#
# General queries (kinds type, operations and type-and-operations, with include_unavailable either way) follow the
# contract's steps 2 to 9 with the readings of the kit's interpretations register (oracle/interpretations.json) that
# the hello declares. explain-operation and the 1,000,000-step budget are features this example declares missing
# (PROTOCOL.md, "Features"): the runner never sends their vectors, and a query that needs them anyway is answered
# with an `unsupported` error, never with a guess.

LIMIT_DEPENDENCIES = 64
LIMIT_REQUIREMENTS = 64
LIMIT_EFFECTS = 64
LIMIT_DIAGNOSTIC_IDS = 256
LIMIT_DIAGNOSTICS = 256
LIMIT_OPERATIONS = 4096
LIMIT_RESULT_BYTES = 4 * 1024 * 1024
LIMIT_STEPS = 1000000

STATUSES = ("validated", "provisional", "unavailable", "error")  # the trust order (KD-CLOSURE-07)
RANK = {s: i for i, s in enumerate(STATUSES)}


def max_status(*statuses):
    return max(statuses, key=lambda s: RANK[s])


def key_of(ref):
    return (ref["source"], ref["kind"], ref["value"])


class FactGraph:
    """Closure status of every fact node: the most restrictive status it reaches through depends_on (KIT-07)."""

    def __init__(self, facts):
        self.nodes = {key_of(f): f for f in facts}
        users = {k: [] for k in self.nodes}
        for k, f in self.nodes.items():
            for d in f["depends_on"]:
                users.setdefault(key_of(d), []).append(k)
        self.closure = {}
        # From the most restrictive status down, every node that reaches one of that status takes it (cycles allowed).
        for level in ("error", "unavailable", "provisional"):
            queue = [k for k, f in self.nodes.items() if f["status"] == level and k not in self.closure]
            for k in queue:
                self.closure[k] = level
            while queue:
                k = queue.pop()
                for user in users.get(k, []):
                    if user not in self.closure:
                        self.closure[user] = level
                        queue.append(user)

    def status_of(self, ref):
        k = key_of(ref)
        return self.closure.get(k, "validated") if k in self.nodes else "unavailable"

    def error_diagnostics(self, refs):
        """The diagnostic IDs of the error nodes the keys reach, for a fact that closes to error (KD-CLOSURE-10)."""
        out = set()
        for ref in refs:
            if self.status_of(ref) != "error":
                continue
            seen, queue = {key_of(ref)}, [key_of(ref)]
            while queue:
                node = self.nodes.get(queue.pop())
                if node is None:
                    continue
                if node["status"] == "error":
                    out.update(node["diagnostic_ids"])
                for d in node["depends_on"]:
                    if key_of(d) not in seen:
                        seen.add(key_of(d))
                        queue.append(key_of(d))
        return out


def dependency_refs(refs, graph):
    """DependencyRefs unique by (source, kind, value), sorted by it, each with its closure status (OQ-22 A)."""
    unique = {key_of(r): r for r in refs}
    return [
        {"source": s, "kind": k, "value": v, "status": graph.status_of(unique[(s, k, v)])}
        for (s, k, v) in sorted(unique)
    ]


def close_nested(own, refs, graph):
    return max_status(own, *[graph.status_of(r) for r in refs])


def candidates_of(f):
    """Every candidate, the members of each series expanded (FIXTURES.md, "candidate_series[]"), by SymbolId."""
    out = list(f["candidates"])
    for s in f["candidate_series"]:
        for i in range(s["count"]):
            # A member differs from its template only in identity and names: it reads the rest through it.
            out.append(collections.ChainMap({
                "identity": hashlib.sha256(("%s:%d" % (s["seed"], i)).encode("utf-8")).hexdigest(),
                "display_name": s["name_prefix"] + str(i),
                "qualified_name": s["qualified_name_prefix"] + str(i),
            }, s["template"]))
    out.sort(key=lambda c: c["identity"])
    return out


def exposure(c, views):
    """None when the candidate is exposed at the position (KIT-03), else the omission reason withholding it (KIT-04)."""
    home = c["home"]
    if home["kind"] == "current-file":
        return None if c["admitted"] else "hidden-by-visibility"
    view = views.get((home["package_id"], home["module_id"]))
    if view is None:
        return "hidden-by-visibility"
    if not view["validated"]:
        return "incomplete-analysis"
    if not view["names_in_scope"]:
        return "not-imported" if c["visibility"] == "pub" and c["admitted"] else "hidden-by-visibility"
    shown = c["visibility"] == "pub" or (view["view"] == "internal" and c["visibility"] == "internal")
    return None if c["admitted"] and shown else "hidden-by-visibility"


class World:
    """What every query of one fixture needs, computed when the fixture is loaded."""

    def __init__(self, f):
        self.graph = FactGraph(f["facts"])
        self.diagnostics = {d["id"]: d for d in f["diagnostics"]}
        self.views = {(i["package_id"], i["module_id"]): i for i in f["interfaces"]}
        unread = {(i["package_id"], i["module_id"]) for i in f["interfaces"] if not i["validated"]}
        self.unvalidated_view = bool(unread)
        size = len(f["candidates"]) + sum(s["count"] for s in f["candidate_series"])
        # Each candidate costs at least one step: so many could not be visited within the budget this example lacks.
        self.candidates = candidates_of(f) if size < LIMIT_STEPS else None
        # No result field names a candidate that is not exposed (KIT-08 C); a view that failed validation is never
        # read, so its candidates are not counted among them.
        self.hidden = set()
        for c in self.candidates or []:
            home = c["home"]
            if home["kind"] == "interface" and (home["package_id"], home["module_id"]) in unread:
                continue
            if exposure(c, self.views) is not None:
                self.hidden.add(("SymbolId", c["identity"]))
                if c["origin"]["implementation_identity"] is not None:
                    self.hidden.add(("ImplementationId", c["origin"]["implementation_identity"]))

    def in_environment(self, c):
        home = c["home"]
        return home["kind"] == "current-file" or self.views.get((home["package_id"], home["module_id"]), {}).get("validated", False)

    def undisclosable(self, ref):
        return (ref["kind"], ref["value"]) in self.hidden


def infer_type(fact, world):
    """Step 2: the occurrence's type fact closed over its dependencies (KIT-07); see oracle/pipeline/step-2-infer-type.ts."""
    graph = world.graph
    listed = [k for k in fact["dependencies"] if not world.undisclosable(k)]
    deps = dependency_refs(listed, graph)
    status = close_nested(fact["status"], fact["dependencies"], graph)
    identity = fact["identity"]
    if fact["status"] == "validated" and (identity is None or identity["kind"] != "TypeId" or fact["display"] is None):
        status = max_status(status, "provisional")
    hides = len(listed) < len(fact["dependencies"])
    if hides:
        status = max_status(status, "unavailable")
    ids = {d for d in fact["diagnostic_ids"] if d in world.diagnostics}
    if status == "error":
        ids |= {d for d in graph.error_diagnostics(listed) if d in world.diagnostics}
    ids = sorted(ids)
    over = len(deps) > LIMIT_DEPENDENCIES or len(ids) > LIMIT_DIAGNOSTIC_IDS
    if over:
        status = max_status(status, "unavailable")
        deps, ids = deps[:LIMIT_DEPENDENCIES], ids[:LIMIT_DIAGNOSTIC_IDS]
    if status == "validated":
        reason = None
    elif status == "error":
        reason = "rejected-by-diagnostic"
    elif over:
        reason = "limit-exhausted"
    elif RANK[status] > RANK[fact["status"]] or hides:
        reason = "incomplete-analysis"
    else:
        reason = fact["reason"] or "incomplete-analysis"
    return {
        "status": status,
        "identity": {"kind": identity["kind"], "value": identity["value"]} if status == "validated" and identity else None,
        "display": None if status == "unavailable" else fact["display"],
        "dependencies": deps,
        "diagnostic_ids": ids,
        "reason": reason,
    }, over


class Verdict:
    """What steps 3 to 8 learn of one candidate that passed them all."""

    def __init__(self, candidate):
        self.candidate = candidate
        self.reasons = set()
        self.requirements = []  # (record, dependency keys)
        self.effects = []  # (record, dependency keys), the listed ones
        self.undisclosed = "validated"


def judge(c, world, occurrence, type_id):
    """Steps 3 to 8 for one candidate: its verdict, the omission reason withholding it, or None when it does not apply."""
    graph = world.graph
    if c["receiver_type"] is not None and c["receiver_type"] != type_id:
        return None, None, 1  # step 3: not an operation of this receiver (KIT-02)
    withheld = exposure(c, world.views)  # step 4
    if withheld is not None:
        return None, withheld, 2
    if c["origin"]["kind"] in ("extension", "trait"):  # step 5: #293, #316 work the profile does not have
        return None, "unsupported-in-profile", 3
    v = Verdict(c)
    for r in c["generic_requirements"]:  # step 6
        if r["kind"] == "trait-bound" and not r["satisfied"]:
            return None, "unsupported-in-profile", 4
    for r in c["generic_requirements"]:
        if not r["satisfied"]:
            v.reasons.add("type-mismatch" if r["kind"] == "equality" else "incomplete-analysis")
        identity = None if r["identity"] is None else {"kind": r["identity"]["kind"], "value": r["identity"]["value"]}
        record = {"kind": r["kind"], "identity": identity, "display": r["display"], "status": close_nested(r["status"], r["dependencies"], graph)}
        v.requirements.append((record, r["dependencies"]))
    mode = c["required_mode"]  # step 7
    if mode != "none" and not occurrence["permits"][mode]:
        v.reasons.add("requires-" + mode)
    held = {(e["kind"], e["value"]) for e in occurrence["capabilities"]}  # step 8
    for e in c["effects"]:
        if (e["identity"]["kind"], e["identity"]["value"]) not in held:
            v.reasons.add("missing-effect")
        status = close_nested(e["status"], e["dependencies"], graph)
        if not e["public"] or status != "validated":
            v.undisclosed = max_status(v.undisclosed, status)  # never listed, but it bounds the row (KIT-12 C)
            continue
        v.effects.append(({"identity": {"kind": e["identity"]["kind"], "value": e["identity"]["value"]}, "display": e["display"], "status": status}, e["dependencies"]))
    return v, None, 6


def identity_order(i):
    return (i["kind"], i["value"])


def requirement_order(r):
    return (0 if r["identity"] else 1, identity_order(r["identity"]) if r["identity"] else ("", ""), r["kind"], r["display"], RANK[r["status"]])


def operation_order(row):
    impl = row["origin"]["implementation_identity"]
    return (row["identity"]["value"], (0, ("", "")) if impl is None else (1, identity_order(impl)), row["qualified_name"], (0, "") if row["signature"] is None else (1, row["signature"]))


def build_row(v, world):
    """Step 9 for one verdict: status closure, the row's rules and disclosure (oracle/pipeline/build-operation-row.ts)."""
    graph = world.graph
    c, o = v.candidate, v.candidate["origin"]
    plain = o["kind"] in ("function", "member")
    origin = {
        "status": close_nested(o["status"], o["dependencies"], graph),
        "kind": o["kind"],
        "module": o["module"],
        "module_identity": {"kind": "ModuleId", "value": o["module_identity"]},
        "implementation_identity": None if plain or o["implementation_identity"] is None else {"kind": "ImplementationId", "value": o["implementation_identity"]},
        "trait": o["trait"] if o["kind"] == "trait" else None,
        "trait_identity": dict(o["trait_identity"]) if o["kind"] == "trait" and o["trait_identity"] is not None else None,
    }
    shown_reqs = [(r, d) for r, d in v.requirements if r["identity"] is None or not world.undisclosable(r["identity"])]
    shown_effects = [(e, d) for e, d in v.effects if not world.undisclosable(e["identity"])]
    nested = c["dependencies"] + o["dependencies"] + [k for _, d in shown_reqs for k in d] + [k for _, d in shown_effects for k in d]
    listed = [k for k in nested if not world.undisclosable(k)]
    hides = len(listed) < len(nested) or len(shown_reqs) < len(v.requirements) or len(shown_effects) < len(v.effects)
    deps = dependency_refs(listed, graph)
    reqs = sorted((r for r, _ in shown_reqs), key=requirement_order)
    effects = sorted((e for e, _ in shown_effects), key=lambda e: (identity_order(e["identity"]), e["display"], RANK[e["status"]]))
    reasons = set(v.reasons)
    status = max_status(c["status"], origin["status"], v.undisclosed, *[graph.status_of(k) for k in nested])
    status = max_status(status, *[r["status"] for r, _ in v.requirements], *[e["status"] for e, _ in v.effects])
    if c["signature"] is None or "incomplete-analysis" in reasons:
        status = max_status(status, "provisional")
    if hides:
        status = max_status(status, "unavailable")
    ids = {d for d in c["diagnostic_ids"] if d in world.diagnostics}
    if status == "error":
        ids |= {d for d in graph.error_diagnostics(listed) if d in world.diagnostics}
    ids = sorted(ids)
    over = len(deps) > LIMIT_DEPENDENCIES or len(reqs) > LIMIT_REQUIREMENTS or len(effects) > LIMIT_EFFECTS or len(ids) > LIMIT_DIAGNOSTIC_IDS
    before_limit = status
    callable_but_for_limit = over and status == "validated" and not reasons
    if over:
        status = max_status(status, "unavailable")
        reasons.add("limit-exhausted")
        ids = ids[:LIMIT_DIAGNOSTIC_IDS]
    if status == "error" and not ids:
        return None  # an error row with nothing to cite is withheld (KIT-15)
    if status != "validated":
        reasons.add("incomplete-analysis")
    rejection = sorted(reasons)
    source = c["source"]
    row = {
        "status": status,
        "identity": {"kind": "SymbolId", "value": c["identity"]},
        "display_name": c["display_name"],
        "qualified_name": c["qualified_name"],
        "signature": None if status == "unavailable" else c["signature"],
        "generic_requirements": reqs[:LIMIT_REQUIREMENTS],
        "receiver_mode": None if status == "unavailable" else c["required_mode"],
        "effects": effects[:LIMIT_EFFECTS],
        "origin": origin,
        "visibility": c["visibility"],
        "availability": "callable" if status == "validated" and not rejection else "unavailable",
        "rejection_reasons": rejection,
        "source": {"file_id": source["file_id"], "span": {"start": source["span"]["start"], "end": source["span"]["end"]}} if c["disclose_source"] and source is not None else None,
        "documentation": "kofun-doc:" + c["documentation"] if c["disclose_documentation"] and c["documentation"] is not None else None,
        "dependencies": deps[:LIMIT_DEPENDENCIES],
        "diagnostic_ids": ids,
    }
    return row, over, callable_but_for_limit, before_limit


def diagnostic_summary(d):
    primary = d["primary"] if d["disclose_primary"] else None
    return {
        "id": d["id"],
        "code": d["code"],
        "severity": d["severity"],
        "category": d["category"],
        "template_id": d["template_id"],
        "primary": None if primary is None else {"file_id": primary["file_id"], "span": {"start": primary["span"]["start"], "end": primary["span"]["end"]}},
        "fallback_text": d["fallback_text"],
    }


def item_bytes(value):
    """The size of a value as an item of an array field of the result (oracle/pipeline/fit-result-bytes.ts)."""
    text = canonical_bytes(value)
    return len(text) - 1 + 4 * text.count(b"\n")


def array_bytes(count, items):
    return 2 if count == 0 else items + 2 * count + 4


def lookup(fixture, request, occurrence):
    """Contract steps 2 to 9 of a general query; the readings are the register's (KIT-01 to KIT-17)."""
    query = request["query"]
    if query["kind"] == "explain-operation":
        raise Unsupported("explain-operation is a feature this example does not implement")
    world = fixture.world
    if world.candidates is None:
        raise Unsupported("the step budget is a feature this example does not implement")
    type_fact, type_cut = infer_type(occurrence["type"], world)
    if type_fact["status"] == "error" and not type_fact["diagnostic_ids"]:
        return result("unavailable", request["analysis"], "incomplete-current-file-facts")
    withheld, rows, truncated, limited = set(), [], type_cut, False
    if query["kind"] != "type":
        type_id = type_fact["identity"]["value"] if type_fact["identity"] else None
        steps = 0
        for c in world.candidates:
            if not world.in_environment(c):
                continue
            v, reason, cost = judge(c, world, occurrence, type_id)
            steps += cost
            if steps >= LIMIT_STEPS:
                raise Unsupported("the step budget is a feature this example does not implement")
            if reason is not None:
                withheld.add(reason)
            if v is None:
                continue
            built = build_row(v, world)
            if built is None:
                withheld.add("incomplete-analysis")
                continue
            row, cut, callable_but_for_cut, before_cut = built
            shown = row["availability"] == "callable" or query["include_unavailable"]
            truncated = truncated or (cut and (shown or callable_but_for_cut))
            if not shown:
                # A dropped row that is not validated leaves the operation set unestablished (OQ-32 D).
                if before_cut != "validated":
                    withheld.add("incomplete-analysis")
                continue
            if len(rows) == LIMIT_OPERATIONS:
                limited = True  # a 4,097th row: the canonical prefix is kept (OQ-06 A)
                break
            rows.append(row)
        if world.unvalidated_view:
            withheld.add("incomplete-analysis")  # KIT-03 C
    rows.sort(key=operation_order)

    def compose(kept, cut):
        reasons = set(withheld) | ({"limit-exhausted"} if cut else set())
        useful = type_fact["status"] != "unavailable" or kept
        if not useful:
            if type_fact["reason"] == "limit-exhausted":
                why = "limit-exhausted"
            elif reasons == {"unsupported-in-profile"}:
                why = "unsupported-in-profile"
            else:
                why = "incomplete-current-file-facts"
            return {"schema": "kofun.discovery.result/v1", "authoritative": False, "limit_profile": "kofun.discovery/default-v1", "status": "unavailable", "analysis": request["analysis"], "type": None, "operations": [], "omissions": [], "diagnostics": [], "reason": why, "truncated": False}
        is_truncated = truncated or cut
        complete = type_fact["status"] == "validated" and all(r["status"] == "validated" for r in kept) and not reasons and not is_truncated
        ids = sorted(set(type_fact["diagnostic_ids"]).union(*[r["diagnostic_ids"] for r in kept]))
        return {
            "schema": "kofun.discovery.result/v1",
            "authoritative": False,
            "limit_profile": "kofun.discovery/default-v1",
            "status": "complete" if complete else "partial",
            "analysis": request["analysis"],
            "type": type_fact,
            "operations": kept,
            "omissions": [{"reason": r, "requested_spelling": None} for r in sorted(reasons)],
            "diagnostics": [diagnostic_summary(world.diagnostics[i]) for i in ids if i in world.diagnostics],
            "reason": None,
            "truncated": is_truncated,
        }

    full = compose(rows, limited)
    out = canonical_bytes(full)
    if len(out) <= LIMIT_RESULT_BYTES and len(full["diagnostics"]) <= LIMIT_DIAGNOSTICS:
        return out
    # Whole rows dropped from the canonical tail until the result fits its caps (OQ-06 A, OQ-08 A).
    shell = len(canonical_bytes(dict(compose(rows[:1], True), operations=[], diagnostics=[])))
    seen = {i for i in type_fact["diagnostic_ids"] if i in world.diagnostics}
    diagnostics, diagnostic_bytes = len(seen), sum(item_bytes(diagnostic_summary(world.diagnostics[i])) for i in seen)
    row_bytes, k = 0, 0
    for row in rows:
        new = [i for i in row["diagnostic_ids"] if i not in seen and i in world.diagnostics]
        more = sum(item_bytes(diagnostic_summary(world.diagnostics[i])) for i in new)
        size = shell - 4 + array_bytes(k + 1, row_bytes + item_bytes(row)) + array_bytes(diagnostics + len(new), diagnostic_bytes + more)
        if diagnostics + len(new) > LIMIT_DIAGNOSTICS or size > LIMIT_RESULT_BYTES:
            break
        seen.update(new)
        row_bytes, diagnostics, diagnostic_bytes, k = row_bytes + item_bytes(row), diagnostics + len(new), diagnostic_bytes + more, k + 1
    while True:
        fitted = compose(rows[:k], True)
        out = canonical_bytes(fitted)
        if k == 0 or (len(out) <= LIMIT_RESULT_BYTES and len(fitted["diagnostics"]) <= LIMIT_DIAGNOSTICS):
            return out
        k -= 1


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
            hello = {
                "protocol": PROTOCOL,
                "name": "python example provider",
                "version": "0.2.0",
                "interpretations": INTERPRETATIONS,
                "missing_features": MISSING_FEATURES,
            }
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

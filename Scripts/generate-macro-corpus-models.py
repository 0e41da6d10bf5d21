#!/usr/bin/env python3
"""Generates Benchmarks/Sources/JoltMacroBench/GeneratedCorpus/*.swift from the
corpus models in Tests/JoltTests/Models: every corpus file's full-structure
model with its coding written by JoltMacros, for JoltMacroBench's direct-path
table (issue 25).

Each copy has the same structure with every type and type alias prefixed
`Generated`. A struct whose coding is synthesized from a `CodingKeys` enum
becomes `@Codable`, with `@CodingKey("…")` on each property whose JSON key is
not its name (so JoltDecoder reads it through its `_JoltDirectDecodable`
conformance). A struct whose hand-written `init(from:)` chooses a property's
enum case by a sibling key (GitHubEvent: `switch type { case "PushEvent":
payload = .push(try c.decode(…, forKey: .payload)) … default: … }`) becomes
`@Codable` too, the property `@Flatten` and its enum
`@PolymorphicCodable(discriminator: "type", payloadKey: "payload")`, each case
under its `@PolymorphicCase` value and the `default:` case the `@FallbackCase`.
The struct's `type` property is left out: the case says it, and the registry
writes it back (kept, it would be written twice, which makes JoltEncoder hand
the whole encode to Foundation's encoder for the last value to win). The
registry's fallback decodes the whole object where the hand-written init
decoded the payload: the two differ for a `type` the switch does not name,
which the corpus does not have. Any other hand-written `init(from:)` is copied
as it is.

    python3 Scripts/generate-macro-corpus-models.py
"""
import pathlib
import re

root = pathlib.Path(__file__).resolve().parent.parent
models = root / "Tests/JoltTests/Models"
target = root / "Benchmarks/Sources/JoltMacroBench/GeneratedCorpus"
files = ["CanadaModels", "CitmCatalogModels", "GitHubEventsModels", "GSoC2018Models", "TwitterModels", "UpdateCenterModels"]
prefix = "Generated"


def coding_keys(body: list[str]) -> dict[str, str]:
    """A struct body's `CodingKeys` enum: each property's JSON key."""
    keys: dict[str, str] = {}
    in_keys = False
    for l in body:
        if re.match(r"^\s*enum CodingKeys: String, CodingKey \{", l):
            in_keys = True
            continue
        if in_keys:
            if l.strip() == "}":
                in_keys = False
                continue
            km = re.match(r"^\s*case (`?\w+`?)(?: = \"([^\"]+)\")?\s*$", l)
            if km:
                keys[km.group(1).strip("`")] = km.group(2) or km.group(1).strip("`")
    return keys


def sibling_tagged(body: list[str]) -> dict | None:
    """The sibling-key choice a hand-written `init(from:)` makes, or None:
    `switch tag {` over a property decoded from its own key, each `case "ID":` or
    `default:` assigning one property an enum case of a value decoded under one key."""
    keys = coding_keys(body)
    switch = next(filter(None, (re.match(r"^\s*switch (\w+) \{$", l) for l in body)), None)
    if switch is None:
        return None
    cases: dict[str, str] = {}
    fallback = None
    prop = payload_key = None
    for l in body:
        cm = re.match(r'^\s*(?:case "([^"]+)"|(default)): (\w+) = \.(\w+)\(try c\.decode\([\w.]+\.self, forKey: \.(\w+)\)\)$', l)
        if not cm:
            continue
        if prop not in (None, cm.group(3)) or payload_key not in (None, cm.group(5)):
            return None
        prop, payload_key = cm.group(3), cm.group(5)
        if cm.group(2):
            fallback = cm.group(4)
        else:
            cases.setdefault(cm.group(4), []).append(cm.group(1))
    declared = next(filter(None, (re.match(rf"^\s*let {prop}: (\w+)$", l) for l in body)), None) if prop else None
    if not cases or declared is None:
        return None
    enum = declared.group(1)
    return {"property": prop, "enum": enum, "tag": switch.group(1), "discriminator": keys.get(switch.group(1), switch.group(1)),
            "payloadKey": keys.get(payload_key, payload_key), "cases": cases, "fallback": fallback}


def annotate_polymorphic(lines: list[str], polymorphic: dict[str, dict]) -> list[str]:
    """The enums a `sibling_tagged` struct chooses a case of, as `@PolymorphicCodable`."""
    out: list[str] = []
    current = None
    for l in lines:
        em = re.match(r"^enum (\w+): ", l)
        if em and em.group(1) in polymorphic:
            current = polymorphic[em.group(1)]
            out.append(f'@PolymorphicCodable(discriminator: "{current["discriminator"]}", '
                       f'payloadKey: "{current["payloadKey"]}")')
        elif current is not None and l == "}":
            current = None
        elif current is not None:
            cm = re.match(r"^(\s*)case (\w+)\(", l)
            if cm and cm.group(2) in current["cases"]:
                ids = ", ".join(f'"{i}"' for i in current["cases"][cm.group(2)])
                l = f"{cm.group(1)}@PolymorphicCase({ids}) {l.lstrip()}"
            elif cm and cm.group(2) == current["fallback"]:
                l = f"{cm.group(1)}@FallbackCase {l.lstrip()}"
        out.append(l)
    return out


def convert(name: str) -> tuple[str, int, int]:
    text = (models / f"{name}.swift").read_text()
    declared = re.findall(r"^(?:struct|enum|typealias|indirect enum) (\w+)", text, re.M)
    for type_name in sorted(declared, key=len, reverse=True):
        text = re.sub(rf"\b{type_name}\b", prefix + type_name, text)
    # Split into top-level declarations (a line starting a struct/enum/typealias).
    lines = text.splitlines()
    out: list[str] = []
    polymorphic: dict[str, dict] = {}
    converted = kept = 0
    i = 0
    while i < len(lines):
        line = lines[i]
        m = re.match(r"^struct (\w+): Codable, (.*)\{$", line)
        if not m:
            out.append(line)
            i += 1
            continue
        # The struct's body, to its closing brace at column 0.
        j = i + 1
        while lines[j] != "}":
            j += 1
        body = lines[i + 1:j]
        tagged = None
        if any("init(from" in l for l in body):
            tagged = sibling_tagged(body)
            if tagged is None:
                out += lines[i:j + 1]
                kept += 1
                i = j + 1
                continue
            polymorphic[tagged["enum"]] = tagged
        if tagged is not None:
            # The coding written by hand is the macros' now.
            end = next(n for n, l in enumerate(body) if "init(from" in l)
            while end > 0 and body[end - 1].strip().startswith("//"):
                end -= 1
            body = body[:end]
            while body and body[-1].strip() == "":
                body.pop()
        keys = coding_keys(body)
        out += ["@Codable", f"struct {m.group(1)}: {m.group(2)}{{"]
        in_keys = False
        for l in body:
            if re.match(r"^\s*enum CodingKeys: String, CodingKey \{", l):
                in_keys = True
                if out and out[-1].strip() == "":
                    out.pop()
                continue
            if in_keys:
                if l.strip() == "}":
                    in_keys = False
                continue
            pm = re.match(r"^(\s*)(?:let|var) (`?\w+`?): ", l)
            if pm:
                prop = pm.group(2).strip("`")
                key = keys.get(prop, prop)
                if tagged is not None and prop == tagged["tag"]:
                    continue
                if tagged is not None and prop == tagged["property"]:
                    l = f"{pm.group(1)}@Flatten {l.lstrip()}"
                elif key != prop:
                    l = f'{pm.group(1)}@CodingKey("{key}") {l.lstrip()}'
            out.append(l)
        out.append("}")
        converted += 1
        i = j + 1
    out = annotate_polymorphic(out, polymorphic)
    body = [l for l in out if not l.startswith("// ")]
    text = re.sub(r"\n{3,}", "\n\n", "\n".join(body)).replace("import Foundation", "import Foundation\nimport JoltMacros", 1)
    header = [
        f"// GENERATED by Scripts/generate-macro-corpus-models.py from Tests/JoltTests/Models/{name}.swift: do not edit.",
        "// The corpus model with its coding written by JoltMacros (@Codable, @CodingKey where the JSON key is",
        "// not the property's name), for JoltMacroBench's direct-path table.",
    ]
    (target / f"{prefix}{name}.swift").write_text("\n".join(header) + "\n" + text.lstrip("\n") + "\n")
    return f"{prefix}{name}.swift", converted, kept


target.mkdir(parents=True, exist_ok=True)
for name in files:
    path, converted, kept = convert(name)
    print(f"wrote {path}: {converted} @Codable structs, {kept} kept as written")

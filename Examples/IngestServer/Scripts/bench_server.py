#!/usr/bin/env python3
"""Helpers of bench-server.sh (Python 3, standard library only).

  bench_server.py small DIR COUNT           COUNT bodies of one event object each (DIR/small-NNN.json)
  bench_server.py bulk DIR COUNT BYTES      COUNT JSON arrays of whole events, each at most BYTES
                                            (as close to it as whole events allow; DIR/bulk-NNN.json)
  bench_server.py stream FILE MIB           a JSON Lines file of at least MIB MiB (whole lines) with a
                                            FILE.meta.json beside it ({"lines", "bytes", "version", ...});
                                            does nothing if the meta file says it is already there
  bench_server.py wrk FILE                  one JSON object from wrk --latency output (requests/s, p99 ms,
                                            requests, non-2xx responses, socket errors)
  bench_server.py record RESULTS.jsonl [KEY=VALUE | @FILE.json]...
                                            appends one JSON object to RESULTS.jsonl: each VALUE as JSON if it
                                            parses (numbers, null), else as a string; @FILE merges a JSON object
  bench_server.py get FILE.json KEY         prints one value of a JSON object (for the shell)
  bench_server.py render RESULTS.jsonl OUT.md [README]
                                            the Markdown tables of a run; with README, writes them between
                                            <!-- bench-server:start --> and <!-- bench-server:end -->
                                            (appends the section if the markers are missing)

Events are varied (seeded random choice of kind, user, items, attributes, user agent, ...) and about
1.5 kB each on average; every event has its own id (evt-NNNNNNNNN), unique within each kind of body
and across the small, bulk and stream sets (they start from different offsets).
"""

import json
import os
import random
import re
import statistics
import sys

GENERATOR_VERSION = 1

# --------------------------------------------------------------------------- events

USER_AGENTS = [
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (Linux; Android 14; Pixel 8 Pro) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.39 Mobile Safari/537.36",
    "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0",
    "Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
    "ShopApp/4.12.0 (com.example.shop; build:41200; iOS 18.1.0) Alamofire/5.10.1",
    "okhttp/4.12.0 ShopApp-Android/4.11.3 (Linux; Android 13; SM-S911B Build/TP1A.220624.014)",
]
APPS = [("web", ["4.12.0", "4.12.1", "4.13.0-beta.2"]), ("ios", ["4.12.0", "4.11.3"]),
        ("android", ["4.11.3", "4.12.0"]), ("backoffice", ["2.3.9"])]
COUNTRIES = ["DE", "FR", "US", "GB", "NL", "SE", "PL", "ES", "IT", "JP", "BR", "CA", "AU", "IN", "CH", "AT"]
CURRENCIES = {"DE": "EUR", "FR": "EUR", "NL": "EUR", "ES": "EUR", "IT": "EUR", "AT": "EUR", "US": "USD",
              "GB": "GBP", "SE": "SEK", "PL": "PLN", "JP": "JPY", "BR": "BRL", "CA": "CAD", "AU": "AUD",
              "IN": "INR", "CH": "CHF"}
TAGS = ["beta", "newsletter", "vip", "churn-risk", "mobile-first", "b2b", "trial", "early-adopter",
        "support-priority", "gift-buyer"]
PLANS = ["free", "starter", "pro", "team", "enterprise"]
PATHS = ["/", "/products", "/products/sku-{n}", "/cart", "/checkout", "/account/orders", "/blog/{slug}",
         "/search?q={word}&page={p}", "/help/articles/{n}", "/pricing", "/category/{word}/page/{p}"]
WORDS = ["running-shoes", "winter-jackets", "espresso", "headphones", "yoga-mats", "desk-lamps", "backpacks",
         "smart-watches", "cookware", "garden-tools", "board-games", "notebooks", "sunglasses"]
REFERRERS = ["https://www.google.com/search?q={word}&hl=en", "https://duckduckgo.com/?q={word}&ia=web",
             "https://example.com/newsletter/2026-11?utm_source=email&utm_campaign=black-friday",
             "https://t.co/{token}", "https://www.bing.com/search?q={word}&form=QBLH",
             "https://example.com/products/sku-{n}?ref=related", "android-app://com.google.android.gm/"]
ATTRIBUTE_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_content", "experiment", "abBucket",
                  "screen", "viewport", "locale", "timezone", "featureFlags", "consent", "deviceClass",
                  "connection", "colorScheme", "cartId", "storeId", "pageTemplate", "renderMs", "cdnPop",
                  "loyaltyTier", "promoCode", "searchTerm", "previousPage", "landingPage", "adGroup", "gclid",
                  "checkoutStep", "paymentMethod", "shippingMethod", "warehouse", "pricingRegion", "acceptLanguage",
                  "ipCountry", "botScore", "traceId", "spanId", "pageViewsInSession", "clientHints"]
ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789"


def _token(rng, n):
    return "".join(rng.choices(ALPHABET, k=n))


def _fill(rng, template):
    return template.format(n=rng.randint(1, 99999), slug="-".join(rng.sample(WORDS, 2)),
                           word=rng.choice(WORDS), p=rng.randint(1, 40), token=_token(rng, 10))


def _attribute(rng, key):
    if key.startswith("utm_"):
        return rng.choice(["email", "cpc", "social", "organic", "affiliate", "black-friday-2026", "retargeting"]) \
            + "-" + _token(rng, rng.randint(2, 8))
    if key == "viewport" or key == "screen":
        return "%dx%d" % (rng.choice([360, 390, 414, 768, 1280, 1440, 1920, 2560]), rng.choice([640, 800, 844, 900, 1080, 1440]))
    if key == "locale":
        return rng.choice(["de-DE", "en-US", "en-GB", "fr-FR", "ja-JP", "pt-BR", "sv-SE", "pl-PL"])
    if key == "timezone":
        return rng.choice(["Europe/Berlin", "America/New_York", "Asia/Tokyo", "Europe/London", "America/Sao_Paulo"])
    if key == "featureFlags":
        return ",".join(rng.sample(["newCheckout", "fastSearch", "darkMode", "recs-v3", "oneClick", "chatWidget",
                                    "lazyImages", "priceAlerts"], rng.randint(1, 5)))
    if key == "renderMs":
        return str(rng.randint(12, 2400))
    if key in ("cartId", "storeId", "promoCode"):
        return key[:-2].lower() + "-" + _token(rng, rng.randint(6, 16))
    if key in ("gclid", "traceId"):
        return _token(rng, 32)
    if key == "spanId":
        return _token(rng, 16)
    if key == "acceptLanguage":
        return rng.choice(["de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7", "en-US,en;q=0.9", "fr-FR,fr;q=0.9,en;q=0.6",
                           "ja,en-US;q=0.9,en;q=0.8", "pt-BR,pt;q=0.9,en-US;q=0.8,en;q=0.7"])
    if key == "clientHints":
        return '"Chromium";v="131", "Not_A Brand";v="24", "Google Chrome";v="131"; platform="%s"' % rng.choice(
            ["Linux", "Windows", "macOS", "Android"])
    if key in ("pageViewsInSession", "botScore", "checkoutStep"):
        return str(rng.randint(0, 99))
    if key in ("previousPage", "landingPage"):
        return "https://example.com" + _fill(rng, rng.choice(PATHS))
    if key == "searchTerm":
        return " ".join(rng.sample(WORDS, rng.randint(1, 3))).replace("-", " ")
    return rng.choice(["on", "off", "control", "variant-a", "variant-b", "gold", "silver", "fra2", "ams1",
                       "dark", "light", "4g", "wifi", "desktop", "phone", "tablet"]) + ("-" + _token(rng, 4) if rng.random() < 0.4 else "")


def make_event(rng, number):
    """One event (a dict in the key order of the contract) with id evt-NNNNNNNNN."""
    kind = rng.choices(["purchase", "pageView", "signup"], weights=[3, 6, 1])[0]
    country = rng.choice(COUNTRIES)
    app, versions = rng.choice(APPS)
    user_id = rng.randint(1, 9_999_999)
    second = rng.randint(0, 86_399)
    event = {
        "id": "evt-%09d" % number,
        "type": kind,
        "occurredAt": "2026-11-%02dT%02d:%02d:%02dZ" % (rng.randint(1, 30), second // 3600, second // 60 % 60, second % 60),
        "source": {"app": app, "version": rng.choice(versions),
                   "ip": "10.%d.%d.%d" % (rng.randint(0, 255), rng.randint(0, 255), rng.randint(1, 254)),
                   "userAgent": rng.choice(USER_AGENTS)},
        "user": {"id": user_id, "email": "user%d@example.com" % user_id, "country": country,
                 "tags": rng.sample(TAGS, rng.randint(0, 4))},
    }
    if kind == "purchase":
        items = []
        for _ in range(rng.randint(1, 6)):
            items.append({"sku": "SKU-%d" % rng.randint(1, 99999), "quantity": rng.randint(1, 5),
                          "price": round(rng.uniform(0.99, 499.0), 2)})
        total = round(sum(item["quantity"] * item["price"] for item in items), 2)
        event["payload"] = {"kind": "purchase", "orderId": "ord-%d" % rng.randint(1, 99_999_999),
                            "currency": CURRENCIES[country], "total": total, "items": items}
    elif kind == "pageView":
        event["payload"] = {"kind": "pageView", "url": "https://example.com" + _fill(rng, rng.choice(PATHS)),
                            "durationMs": rng.randint(50, 600_000), "scrollDepth": round(rng.random(), 2)}
    else:
        event["payload"] = {"kind": "signup", "plan": rng.choice(PLANS),
                            "referralCode": "REF-" + _token(rng, 8).upper()}
    # Context: the padding that brings events to about 1.5 kB on average (varied counts and lengths).
    keys = rng.sample(ATTRIBUTE_KEYS, rng.randint(18, 36))
    event["context"] = {"sessionId": "%s-%s-%s-%s" % (_token(rng, 8), _token(rng, 4), _token(rng, 4), _token(rng, 12)),
                        "referrer": _fill(rng, rng.choice(REFERRERS)),
                        "attributes": {key: _attribute(rng, key) for key in keys}}
    return event


def dumps(event):
    return json.dumps(event, separators=(",", ":"), ensure_ascii=False)


# --------------------------------------------------------------------------- bodies

def write_small(directory, count):
    rng = random.Random(11)
    os.makedirs(directory, exist_ok=True)
    sizes = []
    for index in range(count):
        data = dumps(make_event(rng, 100_000_000 + index)).encode()
        with open(os.path.join(directory, "small-%03d.json" % index), "wb") as out:
            out.write(data)
        sizes.append(len(data))
    print(json.dumps({"bodies": count, "events_per_body": 1, "mean_bytes": round(statistics.mean(sizes)),
                      "min_bytes": min(sizes), "max_bytes": max(sizes)}))


def write_bulk(directory, count, limit):
    rng = random.Random(22)
    os.makedirs(directory, exist_ok=True)
    number = 200_000_000
    sizes, events = [], []
    pending = dumps(make_event(rng, number)).encode()
    for index in range(count):
        parts, size = [], 2  # the brackets
        while size + len(pending) + (1 if parts else 0) <= limit:
            size += len(pending) + (1 if parts else 0)
            parts.append(pending)
            number += 1
            pending = dumps(make_event(rng, number)).encode()
        data = b"[" + b",".join(parts) + b"]"
        assert len(data) == size <= limit
        with open(os.path.join(directory, "bulk-%03d.json" % index), "wb") as out:
            out.write(data)
        sizes.append(len(data))
        events.append(len(parts))
    print(json.dumps({"bodies": count, "mean_bytes": round(statistics.mean(sizes)), "min_bytes": min(sizes),
                      "max_bytes": max(sizes), "events_per_body": events, "mean_events": statistics.mean(events)}))


def write_stream(path, mib):
    target = mib * 1024 * 1024
    meta_path = path + ".meta.json"
    try:
        with open(meta_path) as meta_file:
            meta = json.load(meta_file)
        if meta.get("version") == GENERATOR_VERSION and meta.get("target") == target \
                and os.path.getsize(path) == meta.get("bytes"):
            print(json.dumps(meta))
            return
    except (OSError, ValueError):
        pass
    rng = random.Random(33)
    lines = size = 0
    temporary = path + ".partial"
    with open(temporary, "wb", buffering=4 << 20) as out:
        while size < target:
            line = dumps(make_event(rng, 300_000_000 + lines)).encode() + b"\n"
            out.write(line)
            size += len(line)
            lines += 1
    os.replace(temporary, path)
    meta = {"version": GENERATOR_VERSION, "target": target, "bytes": size, "lines": lines,
            "mean_bytes": round(size / lines)}
    with open(meta_path, "w") as meta_file:
        json.dump(meta, meta_file)
    print(json.dumps(meta))


# --------------------------------------------------------------------------- wrk output

_UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0}


def _milliseconds(text):
    match = re.fullmatch(r"([0-9.]+)(us|ms|s|m)", text)
    return float(match.group(1)) * _UNITS[match.group(2)] if match else None


def parse_wrk(path):
    with open(path, errors="replace") as source:
        text = source.read()
    result = {"rps": None, "p50_ms": None, "p99_ms": None, "requests": None, "non2xx": 0, "socket_errors": 0}
    match = re.search(r"Requests/sec:\s*([0-9.]+)", text)
    if match:
        result["rps"] = float(match.group(1))
    match = re.search(r"^\s*(\d+) requests in", text, re.M)
    if match:
        result["requests"] = int(match.group(1))
    for percentile, key in (("50", "p50_ms"), ("99", "p99_ms")):
        match = re.search(r"^\s*%s(?:\.000)?%%\s+(\S+)" % percentile, text, re.M)
        if match:
            result[key] = _milliseconds(match.group(1))
    match = re.search(r"Non-2xx or 3xx responses:\s*(\d+)", text)
    if match:
        result["non2xx"] = int(match.group(1))
    match = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
    if match:
        result["socket_errors"] = sum(int(group) for group in match.groups())
        result["socket_detail"] = match.group(0)
    print(json.dumps(result))


# --------------------------------------------------------------------------- tables

DECODERS = [("foundation", "Foundation"), ("jolt-simdjson", "Jolt .simdjson"), ("jolt-yajl", "Jolt .yajl"),
            ("jolt-swift", "Jolt .swift")]
START, END = "<!-- bench-server:start -->", "<!-- bench-server:end -->"


def _median(values):
    values = [value for value in values if value is not None]
    return statistics.median(values) if values else None


def _number(value, digits=1):
    if value is None:
        return "—"
    if abs(value) >= 100 and digits <= 1:
        return "{:,.0f}".format(value)
    return "{:,.{}f}".format(value, digits)


def _ratio(value, base):
    if value is None or base is None or base == 0:
        return "—"
    return "%.2f×" % (value / base)


def _metric_table(records, runs, scenario, metrics):
    """metrics: (key, label, digits, lower_is_better)."""
    header = ["Decoder", "Metric"] + ["run %d" % run for run in runs] + ["median", "×F (median)", "×F per run"]
    lines = ["| " + " | ".join(header) + " |", "| --- | --- |" + " ---: |" * (len(runs) + 2) + " --- |"]
    for key, label, digits, _ in metrics:
        base = {run: records.get((scenario, "foundation", run), {}).get(key) for run in runs}
        base_median = _median(base.values())
        for decoder, name in DECODERS:
            values = {run: records.get((scenario, decoder, run), {}).get(key) for run in runs}
            if all(value is None for value in values.values()) and not any((scenario, decoder, run) in records for run in runs):
                continue
            median = _median(values.values())
            cells = [name, label] + [_number(values[run], digits) for run in runs] + [_number(median, digits)]
            if decoder == "foundation":
                cells += ["1.00×" if median else "—", ""]
            else:
                cells += [_ratio(median, base_median), ", ".join(_ratio(values[run], base[run]) for run in runs)]
            lines.append("| " + " | ".join(cells) + " |")
    return lines


def render(results_path, out_path, readme_path=None):
    meta, records, failures = {}, {}, []
    with open(results_path) as source:
        for line in source:
            line = line.strip()
            if not line:
                continue
            record = json.loads(line)
            if record.get("kind") == "meta":
                meta.update(record)
            elif record.get("kind") == "failure":
                failures.append(record)
            else:
                records[(record["scenario"], record["decoder"], record["run"])] = record
    runs = sorted({run for (_, _, run) in records}) or [1]
    out = [START, "",
           "Machine: %s, %s cores, %s  " % (meta.get("cpu", "?"), meta.get("cores", "?"), meta.get("kernel", "?")),
           "Swift: %s  " % meta.get("swift", "?"),
           "Commit: %s  " % meta.get("commit", "?"),
           "Date: %s  " % meta.get("date", "?"),
           "Load average (1, 5, 15 min) before / after the runs: %s / %s (a shared machine); the runs took %s s  " % (
               meta.get("load_start", "?"), meta.get("load_end", "?"), meta.get("seconds", "?")),
           "Command: `make bench-server` (`%s`)" % meta.get("command", "Examples/IngestServer/Scripts/bench-server.sh"),
           "",
           ("Examples/IngestServer in release mode on 127.0.0.1, one server per decoder, scenario and run, each on a "
            "fresh SQLite database; runs interleaved (every decoder once per scenario in each run, Foundation first). "
            "Load generators run on the same %s cores as the server. ×F = the decoder's figure / Foundation's "
            "(for p99 latency and peak RSS lower is better, so ×F below 1 is better); ×F per run compares each "
            "run with Foundation's in the same run." % meta.get("cores", "?")),
           ""]
    small, bulk, stream = meta.get("small", {}), meta.get("bulk", {}), meta.get("stream", {})
    if any(scenario == "small" for (scenario, _, _) in records):
        out += ["**small**: one event object per request (`application/json`, %s bodies of %s bytes on average, "
                "rotated), `wrk -t%s -c%s -d%ss --latency` after a %ss warm-up" % (
                    small.get("bodies", "?"), small.get("mean_bytes", "?"), meta.get("threads", "?"),
                    meta.get("connections", "?"), meta.get("duration", "?"), meta.get("warmup", "?")), ""]
        out += _metric_table(records, runs, "small", [("rps", "requests/s", 0, False), ("p99_ms", "p99 ms", 2, True)])
        out.append("")
    if any(scenario == "bulk" for (scenario, _, _) in records):
        out += ["**bulk**: one JSON array per request (%s bodies of %s bytes on average, %.1f events each, rotated), "
                "`wrk -t%s -c%s -d%ss --latency` after a %ss warm-up; events/s = requests/s × events per body" % (
                    bulk.get("bodies", "?"), bulk.get("mean_bytes", "?"), bulk.get("mean_events", 0),
                    meta.get("threads", "?"), meta.get("connections", "?"), meta.get("duration", "?"),
                    meta.get("warmup", "?")), ""]
        out += _metric_table(records, runs, "bulk", [("rps", "requests/s", 0, False), ("events_per_s", "events/s", 0, False),
                                                     ("p99_ms", "p99 ms", 2, True)])
        out.append("")
    if any(scenario == "stream" for (scenario, _, _) in records):
        out += ["**stream**: one JSON Lines body (`application/x-ndjson`, %s, %s lines, %s bytes) sent by "
                "`curl -T` with chunked transfer encoding; MB/s = 10^6 bytes / wall time of the request; peak RSS = "
                "the server's VmHWM after the request (MB = 10^6 bytes; RSS before: VmRSS before it); rows = `GET /events/count` after the request" % (
                    "%.0f MiB" % (stream.get("bytes", 0) / 1048576.0), "{:,}".format(stream.get("lines", 0)),
                    "{:,}".format(stream.get("bytes", 0))), ""]
        out += _metric_table(records, runs, "stream", [("mb_per_s", "MB/s", 1, False), ("peak_rss_mb", "peak RSS MB", 1, True),
                                                       ("idle_rss_mb", "RSS before MB", 1, True)])
        out += ["", "| Decoder | rows stored / lines sent, per run |", "| --- | --- |"]
        for decoder, name in DECODERS:
            cells = []
            for run in runs:
                record = records.get(("stream", decoder, run))
                if record is None:
                    continue
                ok = record.get("rows") == stream.get("lines")
                cells.append("%s %s / %s" % ("✓" if ok else "✗", "{:,}".format(record.get("rows") or 0),
                                             "{:,}".format(stream.get("lines", 0))))
            if cells:
                out.append("| %s | %s |" % (name, ", ".join(cells)))
        out.append("")
    targets = []

    def ratio_row(label, scenario, key, goal):
        cells = []
        for decoder, _ in DECODERS[1:]:
            base = _median([records.get((scenario, "foundation", run), {}).get(key) for run in runs])
            value = _median([records.get((scenario, decoder, run), {}).get(key) for run in runs])
            if value is None or not base:
                cells.append("—")
            else:
                factor = value / base
                cells.append("%.2f× %s" % (factor, "" if goal is None else "✓" if factor >= goal else "✗"))
        targets.append("| %s | %s |" % (label, " | ".join(cell.strip() for cell in cells)))

    if any(scenario == "small" for (scenario, _, _) in records):
        ratio_row("small: requests/s ÷ Foundation's (no target)", "small", "rps", None)
    if any(scenario == "bulk" for (scenario, _, _) in records):
        ratio_row("bulk: requests/s ≥ 2× Foundation's", "bulk", "rps", 2.0)
    if any(scenario == "stream" for (scenario, _, _) in records):
        ratio_row("stream: MB/s ≥ 3× Foundation's", "stream", "mb_per_s", 3.0)
        cells = []
        for decoder, _ in DECODERS[1:]:
            peaks = [records.get(("stream", decoder, run), {}).get("peak_rss_mb") for run in runs]
            peaks = [peak for peak in peaks if peak is not None]
            cells.append("%.1f MB %s" % (max(peaks), "✓" if max(peaks) <= 64 else "✗") if peaks else "—")
        targets.append("| stream: server peak RSS ≤ 64 MB (highest run) | %s |" % " | ".join(cells))
    if targets:
        out += ["**Targets of the issue** (medians over the runs)", "",
                "| Target | %s |" % " | ".join(name for _, name in DECODERS[1:]),
                "| --- |" + " ---: |" * (len(DECODERS) - 1)] + targets + [""]
    if failures:
        out += ["**Failed checks**", ""] + ["- %s" % failure.get("message") for failure in failures] + [""]
    out += ["Raw outputs: `%s` (not committed)." % meta.get("raw", "Examples/IngestServer/Scripts/results/"), "", END]
    section = "\n".join(out) + "\n"
    with open(out_path, "w") as target:
        target.write(section)
    if readme_path:
        try:
            with open(readme_path) as source:
                text = source.read()
        except FileNotFoundError:
            text = ""
        start, end = text.find(START), text.find(END)
        if start != -1 and end > start:
            text = text[:start] + section.rstrip("\n") + text[end + len(END):]
        else:
            text = text.rstrip("\n") + ("\n\n" if text else "") + "## Server load benchmark\n\n" + section
        with open(readme_path, "w") as target:
            target.write(text)


def record(results_path, items):
    record = {}
    for item in items:
        if item.startswith("@"):
            with open(item[1:]) as source:
                text = source.read().strip()
            record.update(json.loads(text) if text else {})
            continue
        key, _, value = item.partition("=")
        try:
            record[key] = json.loads(value)
        except ValueError:
            record[key] = value
    with open(results_path, "a") as out:
        out.write(json.dumps(record) + "\n")


def get(path, key):
    with open(path) as source:
        text = source.read()
    try:
        value = json.loads(text).get(key)
    except (ValueError, AttributeError):
        value = None
    print("" if value is None else json.dumps(value) if isinstance(value, (list, dict)) else value)


def main(argv):
    if len(argv) >= 3 and argv[0] == "small":
        write_small(argv[1], int(argv[2]))
    elif len(argv) >= 4 and argv[0] == "bulk":
        write_bulk(argv[1], int(argv[2]), int(argv[3]))
    elif len(argv) >= 3 and argv[0] == "stream":
        write_stream(argv[1], int(argv[2]))
    elif len(argv) >= 2 and argv[0] == "wrk":
        parse_wrk(argv[1])
    elif len(argv) >= 2 and argv[0] == "record":
        record(argv[1], argv[2:])
    elif len(argv) >= 3 and argv[0] == "get":
        get(argv[1], argv[2])
    elif len(argv) >= 3 and argv[0] == "render":
        render(argv[1], argv[2], argv[3] if len(argv) > 3 else None)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])

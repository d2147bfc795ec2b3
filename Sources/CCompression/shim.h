// The stream decoders libarchive is built on, used directly so that a compressed archive cut
// short still yields every byte decoded before the cut (libarchive's own filters drop the output
// buffer they were filling when the input ends). Debian: zlib1g-dev libbz2-dev liblzma-dev
// libzstd-dev.
#include <bzlib.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

// inflateInit2 is a macro (it passes the library's version and the stream's size).
static inline int scanbench_inflateInit2(z_stream *stream, int windowBits) {
  return inflateInit2(stream, windowBits);
}

// LZMA_CONCATENATED is defined with UINT32_C, which Swift does not import.
static const uint32_t scanbench_LZMA_CONCATENATED = LZMA_CONCATENATED;

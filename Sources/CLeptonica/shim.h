#include <leptonica/allheaders.h>

// Leptonica prints warnings and errors to stderr by default; the library must not print.
static inline void scanbench_leptonica_silence(void) { setMsgSeverity(L_SEVERITY_NONE); }

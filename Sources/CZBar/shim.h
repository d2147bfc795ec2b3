#include <zbar.h>

// `zbar_fourcc` is a macro Swift cannot call: the 8-bit grey format ZBar scans.
static inline unsigned long scanbench_zbar_grey_format(void) { return zbar_fourcc('Y', '8', '0', '0'); }

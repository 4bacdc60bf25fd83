/*
 * runtime/recon_glue.c - the recorders that generated reconnaissance calls.
 *
 * stradsc wraps every access of a reconnaissance body in one of these
 * (STRADS__RD and strads_recon_rw in the generated file). They are out of
 * line on purpose: inlined, the fast path of strads_recon_read/write was
 * expanded at every access of every body, and compiling those copies cost
 * the generated file more than the rest of its glue (bench/stradscc.sh);
 * here it is compiled once, at the library's optimization level, for the
 * price of a call per access in a pass that runs once per loop site.
 */
#include "strads.h"

const void *strads_recon_rd(strads_recon *rc, const void *addr, size_t len)
{
    strads_recon_read(rc, addr, len);
    return addr;
}

void strads_recon_rw(strads_recon *rc, const void *addr, size_t len, int read_too)
{
    if (read_too) strads_recon_read(rc, addr, len);
    strads_recon_write(rc, addr, len);
}

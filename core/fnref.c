/*
 * core/fnref.c - naming a function (or static data) across the processes
 * of one job.
 *
 * Every process runs the same binary, but ASLR loads it at a different base
 * in each, so a raw pointer means nothing to a peer. The offset from the
 * base of the object that holds the address does: (module, offset) with
 * module 0 = the executable and 1 = libstrads (the same object when libstrads
 * is linked statically). Addresses in any other shared library are refused
 * (STRADS_ENOFUNC): another process may have loaded a different version, or
 * none, and we cannot check.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <string.h>

#include "core/rt.h"

#define MODULE_SHIFT 56

typedef struct span {
    uintptr_t base, lo, hi; /* load bias and the extent of the PT_LOAD segments */
} span;

static span modules[2];
static pthread_once_t once = PTHREAD_ONCE_INIT;

typedef struct walk {
    int index;
    uintptr_t probe; /* find the object holding this address (when non-zero) */
    span found;
    bool hit;
} walk;

static span extent(struct dl_phdr_info *info)
{
    span s = {info->dlpi_addr, UINTPTR_MAX, 0};
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_LOAD) continue;
        uintptr_t lo = info->dlpi_addr + ph->p_vaddr, hi = lo + ph->p_memsz;
        if (lo < s.lo) s.lo = lo;
        if (hi > s.hi) s.hi = hi;
    }
    return s;
}

static int visit(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    walk *w = data;
    int idx = w->index++;
    span s = extent(info);
    if (w->probe ? (w->probe >= s.lo && w->probe < s.hi) : idx == 0) {
        w->found = s;
        w->hit = true;
        return 1;
    }
    return 0;
}

static void init_modules(void)
{
    walk exe = {0, 0, {0, 0, 0}, false};
    dl_iterate_phdr(visit, &exe); /* object 0 is always the main program */
    modules[0] = exe.found;
    walk lib = {0, (uintptr_t)(void *)&init_modules, {0, 0, 0}, false};
    dl_iterate_phdr(visit, &lib);
    modules[1] = lib.found;
}

int rt_fnref_encode(const void *addr, uint64_t *ref)
{
    pthread_once(&once, init_modules);
    uintptr_t a = (uintptr_t)addr;
    for (int m = 0; m < 2; m++) {
        if (a < modules[m].lo || a >= modules[m].hi) continue;
        *ref = (uint64_t)m << MODULE_SHIFT | (uint64_t)(a - modules[m].base);
        return 0;
    }
    Dl_info info;
    const char *where = dladdr(addr, &info) && info.dli_fname ? info.dli_fname : "unknown memory";
    rt_error("function at %p lives in %s, not in the program or libstrads, so other processes "
             "cannot name it: define it in the program itself",
             addr, where);
    return STRADS_ENOFUNC;
}

int rt_fnref_decode(uint64_t ref, void **addr)
{
    pthread_once(&once, init_modules);
    int m = (int)(ref >> MODULE_SHIFT);
    if (m > 1) return STRADS_EPROTO;
    uintptr_t a = modules[m].base + (uintptr_t)(ref & ((UINT64_C(1) << MODULE_SHIFT) - 1));
    if (a < modules[m].lo || a >= modules[m].hi) return STRADS_EPROTO;
    *addr = (void *)a;
    return 0;
}

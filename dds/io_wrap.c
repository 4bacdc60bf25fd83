/*
 * dds/io_wrap.c - system calls that write into distributed arrays.
 *
 * Between operators the driver's mapping of a vector is write-protected
 * (coherence.c): the first store into a page faults, and the handler opens
 * it and marks it dirty. The kernel raises no fault for its own writes:
 * read(2) or a large fread straight into a dvector failed with EFAULT and
 * left the old values, and a trainer that loads its data chunk by chunk
 * computed on stale data with exit 0. stradscc links programs with
 * -Wl,--wrap for the calls below, so that each first opens (and marks
 * dirty) the pages of its destination that lie in a dvector; memory of no
 * vector costs one range test. libstrads itself is linked without the
 * wraps: its calls are libc's, as for free() (registry.c).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include "dds/dds.h"
#include "strads_generated.h" /* their declarations: exported, as the API is */

/* Opens every dvector page of [p, p + len). */
static void open_dest(void *p, size_t len)
{
    char *a = p, *end = a + len;
    if (!p || !len || !dds_in_arena(a))
        return;
    while (a < end) {
        dds_vec *dv;
        if (dds_lookup(a, &dv, NULL)) {
            uintptr_t lo, hi;
            dds_gap(a, &lo, &hi);
            if ((char *)hi <= a)
                return;
            a = (char *)hi;
            continue;
        }
        char *vend = dv->base + (size_t)dv->n * dv->elem;
        char *stop = vend < end ? vend : end;
        dds_open_pages(dv, a, (size_t)(stop - a));
        a = stop;
    }
}

/* n items of size bytes each, as stdio's reads count them. */
static void open_items(void *p, size_t size, size_t n)
{
    if (size && n <= SIZE_MAX / size)
        open_dest(p, size * n);
}

static void open_iov(const struct iovec *iov, int n)
{
    for (int i = 0; iov && i < n; i++)
        open_dest(iov[i].iov_base, iov[i].iov_len);
}

ssize_t __wrap_read(int fd, void *buf, size_t n)
{
    open_dest(buf, n);
    return read(fd, buf, n);
}

ssize_t __wrap_pread(int fd, void *buf, size_t n, off_t off)
{
    open_dest(buf, n);
    return pread(fd, buf, n, off);
}

ssize_t __wrap_pread64(int fd, void *buf, size_t n, off64_t off)
{
    open_dest(buf, n);
    return pread64(fd, buf, n, off);
}

ssize_t __wrap_readv(int fd, const struct iovec *iov, int n)
{
    open_iov(iov, n);
    return readv(fd, iov, n);
}

ssize_t __wrap_preadv(int fd, const struct iovec *iov, int n, off_t off)
{
    open_iov(iov, n);
    return preadv(fd, iov, n, off);
}

ssize_t __wrap_recv(int fd, void *buf, size_t n, int flags)
{
    open_dest(buf, n);
    return recv(fd, buf, n, flags);
}

ssize_t __wrap_recvfrom(int fd, void *buf, size_t n, int flags, struct sockaddr *from, socklen_t *len)
{
    open_dest(buf, n);
    return recvfrom(fd, buf, n, flags, from, len);
}

ssize_t __wrap_recvmsg(int fd, struct msghdr *msg, int flags)
{
    if (msg)
        open_iov(msg->msg_iov, (int)msg->msg_iovlen);
    return recvmsg(fd, msg, flags);
}

/* stdio reads a large request straight into the caller's buffer. */
size_t __wrap_fread(void *p, size_t size, size_t n, FILE *f)
{
    open_items(p, size, n);
    return fread(p, size, n, f);
}

size_t __wrap_fread_unlocked(void *p, size_t size, size_t n, FILE *f)
{
    open_items(p, size, n);
    return fread_unlocked(p, size, n, f);
}

/* The same under _FORTIFY_SOURCE, whose checked variants the program calls
 * instead. */
ssize_t __read_chk(int fd, void *buf, size_t n, size_t buflen);
ssize_t __pread_chk(int fd, void *buf, size_t n, off_t off, size_t buflen);
ssize_t __pread64_chk(int fd, void *buf, size_t n, off64_t off, size_t buflen);
ssize_t __recv_chk(int fd, void *buf, size_t n, size_t buflen, int flags);
ssize_t __recvfrom_chk(int fd, void *buf, size_t n, size_t buflen, int flags, struct sockaddr *from,
                       socklen_t *len);
size_t __fread_chk(void *p, size_t plen, size_t size, size_t n, FILE *f);
size_t __fread_unlocked_chk(void *p, size_t plen, size_t size, size_t n, FILE *f);

ssize_t __wrap___read_chk(int fd, void *buf, size_t n, size_t buflen)
{
    open_dest(buf, n);
    return __read_chk(fd, buf, n, buflen);
}

ssize_t __wrap___pread_chk(int fd, void *buf, size_t n, off_t off, size_t buflen)
{
    open_dest(buf, n);
    return __pread_chk(fd, buf, n, off, buflen);
}

ssize_t __wrap___pread64_chk(int fd, void *buf, size_t n, off64_t off, size_t buflen)
{
    open_dest(buf, n);
    return __pread64_chk(fd, buf, n, off, buflen);
}

ssize_t __wrap___recv_chk(int fd, void *buf, size_t n, size_t buflen, int flags)
{
    open_dest(buf, n);
    return __recv_chk(fd, buf, n, buflen, flags);
}

ssize_t __wrap___recvfrom_chk(int fd, void *buf, size_t n, size_t buflen, int flags, struct sockaddr *from,
                              socklen_t *len)
{
    open_dest(buf, n);
    return __recvfrom_chk(fd, buf, n, buflen, flags, from, len);
}

size_t __wrap___fread_chk(void *p, size_t plen, size_t size, size_t n, FILE *f)
{
    open_items(p, size, n);
    return __fread_chk(p, plen, size, n, f);
}

size_t __wrap___fread_unlocked_chk(void *p, size_t plen, size_t size, size_t n, FILE *f)
{
    open_items(p, size, n);
    return __fread_unlocked_chk(p, plen, size, n, f);
}

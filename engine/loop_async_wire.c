/*
 * engine/loop_async_wire.c - the async_for engine's two messages: a node's
 * access records to rank 0 (CSR straight from memory, the largest message)
 * and a node's part of the plan from rank 0 (cells, order, the elements to
 * fetch and write back per round, lock stripes, verify-mode records).
 * Every field is checked before use: a malformed message fails the call
 * with a message naming its sender, never a crash.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/loop_async.h"

#define MSG_RECORDS RT_MSG_LOOP_RECORDS
#define MSG_PLAN RT_MSG_LOOP_PLAN

int rt__send_records(const sched_records *r, uint64_t tag)
{
    rt_packer p;
    rt_pack_begin(&p, MSG_RECORDS, tag);
    msgpack_pack_int64(&p.pk, r->first);
    msgpack_pack_int64(&p.pk, r->n);
    /* a node with no iterations (fewer than the nodes) has no offsets yet:
     * its one offset is 0 */
    const int64_t zero = 0;
    msgpack_pack_bin(&p.pk, (size_t)(r->n + 1) * sizeof(int64_t));
    msgpack_pack_bin_body(&p.pk, r->n ? r->off : &zero, (size_t)(r->n + 1) * sizeof(int64_t));
    msgpack_pack_bin(&p.pk, r->nacc * sizeof(sched_acc));
    int rc = rt_send(0, p.sb.data, p.sb.size, r->acc, r->nacc * sizeof(sched_acc));
    rt_pack_done(&p);
    return rc;
}

/* Reads the next object, which must be of the given type. */
static int next_obj(msgpack_unpacked *up, const rt_msg *m, size_t *off, msgpack_object_type t,
                    msgpack_object **o)
{
    int rc = rt_unpack_next(up, m->body, m->body_len, off, o);
    if (!rc && (*o)->type != t &&
        !(t == MSGPACK_OBJECT_NEGATIVE_INTEGER && (*o)->type == MSGPACK_OBJECT_POSITIVE_INTEGER))
        rc = STRADS_EPROTO;
    return rc;
}

/* Records arrive straight into r: they are the largest message. */
int rt__recv_records(int src, uint64_t tag, sched_records *r)
{
    rt_msg *m;
    int rc = rt_recv(MSG_RECORDS, tag, src, -1, &m);
    if (rc) return rc;
    msgpack_unpacked up;
    msgpack_unpacked_init(&up);
    size_t off = 0;
    msgpack_object *first, *n, *offs, *acc;
    rc = next_obj(&up, m, &off, MSGPACK_OBJECT_NEGATIVE_INTEGER, &first);
    int64_t f = rc ? 0 : first->via.i64;
    if (!rc) rc = next_obj(&up, m, &off, MSGPACK_OBJECT_NEGATIVE_INTEGER, &n);
    int64_t cnt = rc ? 0 : n->via.i64;
    if (!rc) rc = next_obj(&up, m, &off, MSGPACK_OBJECT_BIN, &offs);
    if (!rc && (cnt < 0 || offs->via.bin.size != (size_t)(cnt + 1) * sizeof(int64_t))) rc = STRADS_EPROTO;
    const char *offp = rc ? NULL : offs->via.bin.ptr; /* the next unpack reuses offs */
    if (!rc) rc = next_obj(&up, m, &off, MSGPACK_OBJECT_BIN, &acc);
    if (!rc && acc->via.bin.size % sizeof(sched_acc)) rc = STRADS_EPROTO;
    /* straight from the message into r: records are the largest message */
    if (!rc)
        rc = sched_rec_append_raw(r, f, cnt, offp, acc->via.bin.ptr, acc->via.bin.size / sizeof(sched_acc));
    if (rc == STRADS_EPROTO || rc == STRADS_EINVAL)
        rt_error("async_for: malformed access records from rank %d", src);
    msgpack_unpacked_destroy(&up);
    rt_msg_free(m);
    return rc;
}


/* Tells node dst that this call has no plan (planning failed on rank 0), so
 * that it fails the call instead of waiting for one. */
void rt__send_plan_failed(int dst, uint64_t tag)
{
    rt_packer p;
    rt_pack_begin(&p, MSG_PLAN, tag);
    msgpack_pack_int(&p.pk, 0);
    rt_send(dst, p.sb.data, p.sb.size, NULL, 0);
    rt_pack_done(&p);
}

int rt__send_plan(int dst, uint64_t tag, const node_plan *np)
{
    msgpack_sbuffer sb;
    msgpack_sbuffer_init(&sb);
    msgpack_packer pk;
    msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);
    msgpack_pack_uint32(&pk, MSG_PLAN);
    msgpack_pack_uint64(&pk, tag);
    msgpack_pack_int(&pk, np->rounds);
    msgpack_pack_int(&pk, np->subrounds);
    msgpack_pack_int(&pk, np->threads);
    size_t ncells = (size_t)np->rounds * (size_t)np->subrounds * (size_t)np->threads;
    msgpack_pack_bin(&pk, ncells * sizeof *np->cells);
    msgpack_pack_bin_body(&pk, np->cells, ncells * sizeof *np->cells);
    msgpack_pack_bin(&pk, (size_t)np->norder * sizeof *np->order);
    msgpack_pack_bin_body(&pk, np->order, (size_t)np->norder * sizeof *np->order);
    msgpack_pack_bin(&pk, (size_t)np->nwritten * sizeof *np->written);
    msgpack_pack_bin_body(&pk, np->written, (size_t)np->nwritten * sizeof *np->written);
    size_t voff_len = np->voff ? (size_t)(np->norder + 1) * sizeof *np->voff : 0;
    size_t vacc_len = np->voff ? (size_t)np->voff[np->norder] * sizeof *np->vacc : 0;
    msgpack_pack_bin(&pk, voff_len);
    msgpack_pack_bin_body(&pk, np->voff, voff_len);
    msgpack_pack_bin(&pk, vacc_len);
    msgpack_pack_bin_body(&pk, np->vacc, vacc_len);
    size_t loff_len = np->loff ? (size_t)(np->norder + 1) * sizeof *np->loff : 0;
    size_t lst_len = np->loff ? (size_t)np->loff[np->norder] * sizeof *np->lstripe : 0;
    msgpack_pack_bin(&pk, (size_t)np->rounds);
    msgpack_pack_bin_body(&pk, np->locked, (size_t)np->rounds);
    msgpack_pack_int(&pk, np->any_locked);
    msgpack_pack_bin(&pk, loff_len);
    msgpack_pack_bin_body(&pk, np->loff, loff_len);
    msgpack_pack_bin(&pk, lst_len);
    msgpack_pack_bin_body(&pk, np->lstripe, lst_len);
    for (int r = 0; r < np->rounds; r++) {
        msgpack_pack_bin(&pk, (size_t)np->nfetch[r] * 8);
        msgpack_pack_bin_body(&pk, np->fetch[r], (size_t)np->nfetch[r] * 8);
        msgpack_pack_bin(&pk, (size_t)np->nwb[r] * 8);
        msgpack_pack_bin_body(&pk, np->wb[r], (size_t)np->nwb[r] * 8);
    }
    int rc = rt_send(dst, sb.data, sb.size, NULL, 0);
    msgpack_sbuffer_destroy(&sb);
    return rc;
}

static void *copy_bin(const msgpack_object *o, size_t unit, int64_t *count)
{
    *count = (int64_t)(o->via.bin.size / unit);
    void *p = malloc(o->via.bin.size ? o->via.bin.size : 1);
    if (p) memcpy(p, o->via.bin.ptr, o->via.bin.size);
    return p;
}

int rt__recv_plan(uint64_t tag, const call_hdr *h, uint64_t site_id, node_plan **out)
{
    rt_msg *m;
    int rc = rt_recv(MSG_PLAN, tag, 0, -1, &m);
    if (rc) return rc;
    node_plan *np = calloc(1, sizeof *np);
    msgpack_unpacked up;
    msgpack_unpacked_init(&up);
    size_t off = 0;
    msgpack_object *o;
    int v[3];
    bool failed = false; /* the driver could not plan: zero rounds (send_plan_failed) */
    for (int i = 0; i < 3 && !rc && !failed; i++) {
        rc = next_obj(&up, m, &off, MSGPACK_OBJECT_NEGATIVE_INTEGER, &o);
        if (!rc) v[i] = (int)o->via.i64;
        failed = !rc && i == 0 && v[0] == 0;
        if (!rc && !failed && (v[i] < 1 || v[i] > 1 << 20)) rc = STRADS_EPROTO;
    }
    if (failed) {
        msgpack_unpacked_destroy(&up);
        rt_msg_free(m);
        free(np);
        return STRADS_EREMOTE;
    }
    if (!np) rc = STRADS_ENOMEM;
    if (!rc) {
        np->site_id = site_id;
        np->begin = h->begin;
        np->end = h->end;
        np->rounds = v[0];
        np->subrounds = v[1];
        np->threads = v[2];
        int64_t ncells;
        rc = next_obj(&up, m, &off, MSGPACK_OBJECT_BIN, &o);
        if (!rc) np->cells = copy_bin(o, sizeof *np->cells, &ncells);
        if (!rc && ncells != (int64_t)v[0] * v[1] * v[2]) rc = STRADS_EPROTO;
        if (!rc) rc = next_obj(&up, m, &off, MSGPACK_OBJECT_BIN, &o);
        if (!rc) np->order = copy_bin(o, sizeof *np->order, &np->norder);
        for (int64_t c = 0; c < ncells && !rc; c++)
            if (np->cells[c].start < 0 || np->cells[c].len < 0 ||
                np->cells[c].start + np->cells[c].len > np->norder)
                rc = STRADS_EPROTO;
        if (!rc) rc = next_obj(&up, m, &off, MSGPACK_OBJECT_BIN, &o);
        if (!rc) np->written = copy_bin(o, sizeof *np->written, &np->nwritten);
        int64_t nvoff = 0, nvacc = 0;
        if (!rc) rc = next_obj(&up, m, &off, MSGPACK_OBJECT_BIN, &o);
        if (!rc && o->via.bin.size) np->voff = copy_bin(o, sizeof *np->voff, &nvoff);
        if (!rc) rc = next_obj(&up, m, &off, MSGPACK_OBJECT_BIN, &o);
        if (!rc && o->via.bin.size) np->vacc = copy_bin(o, sizeof *np->vacc, &nvacc);
        if (!rc && np->voff && (nvoff != np->norder + 1 || np->voff[0] != 0 || np->voff[np->norder] != nvacc))
            rc = STRADS_EPROTO;
        for (int64_t i = 0; !rc && np->voff && i < np->norder; i++)
            if (np->voff[i] > np->voff[i + 1]) rc = STRADS_EPROTO;
        int64_t nlocked = 0, nloff = 0, nlst = 0;
        if (!rc) rc = next_obj(&up, m, &off, MSGPACK_OBJECT_BIN, &o);
        if (!rc) np->locked = copy_bin(o, 1, &nlocked);
        if (!rc && nlocked != np->rounds) rc = STRADS_EPROTO;
        if (!rc) rc = next_obj(&up, m, &off, MSGPACK_OBJECT_NEGATIVE_INTEGER, &o);
        if (!rc) np->any_locked = o->via.i64 != 0;
        if (!rc) rc = next_obj(&up, m, &off, MSGPACK_OBJECT_BIN, &o);
        if (!rc && o->via.bin.size) np->loff = copy_bin(o, sizeof *np->loff, &nloff);
        if (!rc) rc = next_obj(&up, m, &off, MSGPACK_OBJECT_BIN, &o);
        if (!rc && o->via.bin.size) np->lstripe = copy_bin(o, sizeof *np->lstripe, &nlst);
        if (!rc && np->loff && (nloff != np->norder + 1 || np->loff[0] != 0 || np->loff[np->norder] != nlst))
            rc = STRADS_EPROTO;
        for (int64_t i = 0; !rc && np->loff && i < np->norder; i++)
            if (np->loff[i] > np->loff[i + 1]) rc = STRADS_EPROTO;
        for (int64_t i = 0; !rc && i < nlst; i++)
            if (np->lstripe[i] >= RT__LOCK_STRIPES) rc = STRADS_EPROTO;
        np->fetch = calloc((size_t)np->rounds, sizeof *np->fetch);
        np->wb = calloc((size_t)np->rounds, sizeof *np->wb);
        np->nfetch = calloc((size_t)np->rounds, sizeof *np->nfetch);
        np->nwb = calloc((size_t)np->rounds, sizeof *np->nwb);
        for (int r = 0; r < np->rounds && !rc; r++) {
            rc = next_obj(&up, m, &off, MSGPACK_OBJECT_BIN, &o);
            if (!rc) np->fetch[r] = copy_bin(o, 8, &np->nfetch[r]);
            if (!rc) rc = next_obj(&up, m, &off, MSGPACK_OBJECT_BIN, &o);
            if (!rc) np->wb[r] = copy_bin(o, 8, &np->nwb[r]);
        }
    }
    msgpack_unpacked_destroy(&up);
    rt_msg_free(m);
    if (rc) {
        rt_error("async_for: malformed plan from the driver");
        rt__node_plan_free(np);
        return rc;
    }
    *out = np;
    return 0;
}


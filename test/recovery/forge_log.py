#!/usr/bin/env python3
"""forge_log.py LOG WHAT - forges one event of a strads node log (replay/event_log.c's
format) and redoes the block's BLAKE2b-128, so that the log passes every
checksum and only the replay's own checks can catch it:
  chunk  the first A-BSP chunk longer than one item is made one item shorter
  store  the first SSP/ASP "tasks start" store event becomes a "fold"
Exits non-zero when the log has no such event."""
import hashlib
import struct
import sys

GATE, CHUNK, OWN, SFOLD, PLAN = 1, 8, 6, 7, 9
SIZES = {2: 4, 3: 24, 4: 8, 5: 4, 6: 4, 7: 4, 8: 32}  # fields after the type byte


def forge(b, what):
    at = 24 + 16                              # header, its checksum
    while at < len(b):
        n = struct.unpack_from('<I', b, at)[0]
        pos, end = at + 4 + 24, at + 4 + n   # events after the block header
        while pos < end:
            t = b[pos]
            if t == GATE:
                size = 12 + 8 * struct.unpack_from('<I', b, pos + 9)[0]
            elif t == PLAN:
                size = 4 + 8 * struct.unpack_from('<I', b, pos + 1)[0]
            else:
                size = SIZES[t]
            hit = False
            if what == 'chunk' and t == CHUNK:
                m = struct.unpack_from('<q', b, pos + 25)[0]
                if m > 1:
                    struct.pack_into('<q', b, pos + 25, m - 1)
                    hit = True
            elif what == 'store' and t == OWN:
                b[pos] = SFOLD
                hit = True
            if hit:
                b[end:end + 16] = hashlib.blake2b(bytes(b[at:end]), digest_size=16).digest()
                return True
            pos += 1 + size
        at = end + 16
    return False


def main():
    path, what = sys.argv[1], sys.argv[2]
    b = bytearray(open(path, 'rb').read())
    if not forge(b, what):
        sys.exit('forge_log.py: no %s event in %s' % (what, path))
    open(path, 'wb').write(b)


main()

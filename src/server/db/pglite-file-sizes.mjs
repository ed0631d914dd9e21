// What PGlite's data folder costs in file system calls, cut where this thread can know the answer.
// PostgreSQL asks a relation file's size (lseek to its end) whenever it scans, extends or plans a
// table, about 14 times per booking, and looks for free-space maps that small indexes never got,
// about 3 times. Emscripten's NODEFS answers each size with an fstat and each missing file with an
// lstat and a thrown error: a tenth of the database thread's CPU in a booking's profile.
//
// This thread's PGlite is the data folder's only reader and writer (it is opened by this process
// alone, and every change to it goes through this file system), so a size it has read stays true
// until this file system writes or truncates that file, and a missing name stays missing until this
// file system creates or renames something to it. Both are kept here on those terms.
//
// A missing name needs no forgetting: a name this file system creates or renames to goes into
// Emscripten's node table, which FS.lookupNode reads before it asks `lookup`, and stays there until
// it is unlinked or renamed away, when it is missing again.

/**
 * Keeps the size of each file PostgreSQL has asked the end of, and each name found missing, on the
 * NODEFS of one PGlite instance (its Emscripten module). Idempotent per module.
 */
export function keepFileSizes(module) {
  const { FS, NODEFS } = module;
  if (!NODEFS || NODEFS.keptFileSizes) return;
  NODEFS.keptFileSizes = true;
  const streams = NODEFS.stream_ops;
  const nodes = NODEFS.node_ops;
  /** File size by Emscripten node (one node per path, shared by every stream open on it). */
  const sizes = new WeakMap();
  /** Names looked up and not found, by directory node. */
  const missing = new WeakMap();

  const { llseek, write, setattr: setStreamAttr } = streams;
  const { setattr: setNodeAttr, lookup } = nodes;

  streams.llseek = (stream, offset, whence) => {
    if (whence !== 2 || !FS.isFile(stream.node.mode)) return llseek(stream, offset, whence);
    let size = sizes.get(stream.node);
    if (size === undefined) {
      size = llseek(stream, 0, 2);
      sizes.set(stream.node, size);
    }
    const position = size + offset;
    if (position < 0) throw new FS.ErrnoError(28); // EINVAL, as NODEFS answers
    return position;
  };

  streams.write = (stream, buffer, offset, length, position, canOwn) => {
    const size = sizes.get(stream.node);
    let written;
    try {
      written = write(stream, buffer, offset, length, position, canOwn);
    } catch (error) {
      sizes.delete(stream.node); // a failed write may have written part
      throw error;
    }
    if (size !== undefined) {
      // With O_APPEND the write lands at the end whatever the position (FS.write seeks there first).
      const start = stream.flags & 1024 ? size : position;
      if (start + written > size) sizes.set(stream.node, start + written);
    }
    return written;
  };

  // Truncation (ftruncate, truncate, open with O_TRUNC) and chmod/utime all come through setattr.
  streams.setattr = (stream, attributes) => {
    sizes.delete(stream.node);
    return setStreamAttr(stream, attributes);
  };
  nodes.setattr = (node, attributes) => {
    sizes.delete(node);
    return setNodeAttr(node, attributes);
  };

  nodes.lookup = (directory, name) => {
    if (missing.get(directory)?.has(name)) throw new FS.ErrnoError(44); // ENOENT
    try {
      return lookup(directory, name);
    } catch (error) {
      if (error?.errno !== 44) throw error;
      const names = missing.get(directory) ?? new Set();
      missing.set(directory, names.add(name));
      throw error;
    }
  };
}

import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What kind of file a path names, for the one distinction commands care about: a file or folder
/// that can be read twice, or a stream that cannot (a pipe, a FIFO, a terminal, a socket, a device),
/// which a first pass over its headers would consume, and opening which may block forever.
public enum FileKind {
  /// What the stream at `path` is, in words (`a pipe or FIFO`), or nil for a regular file, a folder,
  /// or a path that does not exist. Symbolic links are followed: `/dev/stdin` is what it points to.
  public static func stream(atPath path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    switch info.st_mode & S_IFMT {
    case S_IFREG, S_IFDIR: return nil
    case S_IFIFO: return "a pipe or FIFO"
    case S_IFCHR: return "a character device (a terminal?)"
    case S_IFSOCK: return "a socket"
    case S_IFBLK: return "a block device"
    default: return "not a regular file"
    }
  }

  /// Whether opening `path` may wait for a peer: a FIFO (or pipe) or a socket.
  public static func blocksWhenOpened(atPath path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0 else { return false }
    return info.st_mode & S_IFMT == S_IFIFO || info.st_mode & S_IFMT == S_IFSOCK
  }

  /// Why `path` cannot be read as an input or a store, if it cannot: standard input (`-`) and
  /// streams are refused at once rather than blocking or being read half.
  public static func refusal(forReading path: String) -> String? {
    if path == "-" {
      return "standard input cannot be read: scanbench reads each input twice (a first pass over "
        + "its headers counts the images and pairs ground truth), so it needs a file; save the stream "
        + "to a file first (e.g. cat > corpus.tar.gz)"
    }
    guard let stream = stream(atPath: path) else { return nil }
    return "\(stream), not a file: scanbench reads each input twice (a first pass over its headers "
      + "counts the images and pairs ground truth), so a stream cannot be read; save it to a file first "
      + "(e.g. cat > corpus.tar.gz)"
  }
}

extension NoteDatabase {
  /// A word in more notes than this is ranked among this many of its most recently imported notes
  /// (for `notes search`'s help).
  public static var searchRankWindow: Int { rankWindow }
}

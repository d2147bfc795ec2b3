/// What a request path asks for. Every route is a query of the note database or one of the assets
/// compiled into the binary, never a path on disk: anything else, `..` and encoded forms included
/// (libmicrohttpd has decoded them by now), is no route.
enum Route: Equatable {
  /// `/`: the list, or the search results with `?q=`.
  case list
  /// `/notes/ID`: a note's page.
  case note(Int64)
  /// `/notes/ID/image`: the original bytes, re-read from the input and checked.
  case image(Int64)
  /// `/notes/ID/preview`: the image as recognized (upright), scaled for the page.
  case preview(Int64)
  /// `/notes/ID/thumbnail`: a small JPEG for the list.
  case thumbnail(Int64)
  /// `/api/notes`: the list or the search as JSON.
  case apiList
  /// `/api/notes/ID`: a note as JSON.
  case apiNote(Int64)
  /// `/assets/NAME`: the style sheet, the script, the icon.
  case asset(Asset)

  init?(path: String) {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    // A path starts with "/": parts[0] is empty.
    guard parts.count >= 2, parts[0].isEmpty else { return nil }
    let rest = Array(parts.dropFirst())
    switch rest.count {
    case 1 where rest[0].isEmpty: self = .list
    case 1 where rest[0] == "favicon.ico": self = .asset(.icon)
    case 2 where rest[0] == "api" && rest[1] == "notes": self = .apiList
    case 2 where rest[0] == "notes":
      guard let id = Route.id(rest[1]) else { return nil }
      self = .note(id)
    case 2 where rest[0] == "assets":
      guard let asset = Asset(rawValue: rest[1]) else { return nil }
      self = .asset(asset)
    case 3 where rest[0] == "api" && rest[1] == "notes":
      guard let id = Route.id(rest[2]) else { return nil }
      self = .apiNote(id)
    case 3 where rest[0] == "notes":
      guard let id = Route.id(rest[1]) else { return nil }
      switch rest[2] {
      case "image": self = .image(id)
      case "preview": self = .preview(id)
      case "thumbnail": self = .thumbnail(id)
      default: return nil
      }
    default:
      return nil
    }
  }

  /// A note id: 1 to 18 ASCII digits, not zero.
  static func id(_ text: String) -> Int64? {
    guard (1...18).contains(text.utf8.count), text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
      let id = Int64(text), id > 0
    else { return nil }
    return id
  }
}

/// The files compiled into the binary: `Assets/`, embedded by the EmbedAssets plugin.
enum Asset: String, CaseIterable {
  case css = "serve.css"
  case javascript = "serve.js"
  case icon = "icon.svg"

  private static let contents: [Asset: [UInt8]] = [
    .css: Array(EmbeddedAssets.serveCSS.utf8), .javascript: Array(EmbeddedAssets.serveJS.utf8),
    .icon: Array(EmbeddedAssets.iconSVG.utf8),
  ]
  private static let versions = contents.mapValues { bytes in
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return String(hash & 0xFFFF_FFFF, radix: 16)
  }

  var bytes: [UInt8] { Self.contents[self] ?? [] }

  var mediaType: String {
    switch self {
    case .css: "text/css; charset=utf-8"
    case .javascript: "text/javascript; charset=utf-8"
    case .icon: "image/svg+xml"
    }
  }

  /// `/assets/serve.css?v=…`: the version makes a changed file a new URL, so it may be cached.
  var url: String { "/assets/\(rawValue)?v=\(version)" }

  /// A short digest of the bytes.
  var version: String { Self.versions[self] ?? "" }
}

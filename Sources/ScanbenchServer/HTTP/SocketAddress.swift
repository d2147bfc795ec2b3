import Foundation

/// An address to listen on: an IPv4 or IPv6 literal, or `localhost` (127.0.0.1).
public struct SocketAddress: Sendable, Equatable {
  private enum Family: Sendable, Equatable {
    case ipv4(in_addr_t)
    case ipv6([UInt8])
  }

  private let family: Family
  public let port: UInt16
  /// The address as given back to people: `127.0.0.1`, `::1`.
  public let text: String

  public init(host: String, port: UInt16) throws {
    self.port = port
    let name = host == "localhost" ? "127.0.0.1" : host
    var ipv4 = in_addr()
    var ipv6 = in6_addr()
    if inet_pton(AF_INET, name, &ipv4) == 1 {
      family = .ipv4(ipv4.s_addr)
    } else if inet_pton(AF_INET6, name, &ipv6) == 1 {
      family = .ipv6(withUnsafeBytes(of: ipv6) { Array($0) })
    } else {
      throw HTTPServerError(
        message: "'\(host)' is not an address to listen on: give an IPv4 or IPv6 address, or localhost")
    }
    text = name
  }

  /// Whether only this machine can connect: 127.0.0.0/8 or ::1.
  public var isLoopback: Bool {
    switch family {
    case .ipv4(let address): UInt32(bigEndian: address) >> 24 == 127
    case .ipv6(let bytes): bytes == [UInt8](repeating: 0, count: 15) + [1]
    }
  }

  /// `127.0.0.1:8765`, `[::1]:8765`: how a URL (and a `Host` header) names it.
  public func authority(port: Int) -> String {
    switch family {
    case .ipv4: "\(text):\(port)"
    case .ipv6: "[\(text)]:\(port)"
    }
  }

  func withSockaddr<T>(_ body: (UnsafePointer<sockaddr>, Bool) -> T) -> T {
    switch family {
    case .ipv4(let address):
      var socket = sockaddr_in()
      socket.sin_family = sa_family_t(AF_INET)
      socket.sin_port = port.bigEndian
      socket.sin_addr.s_addr = address
      return withUnsafePointer(to: &socket) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, false) }
      }
    case .ipv6(let bytes):
      var socket = sockaddr_in6()
      socket.sin6_family = sa_family_t(AF_INET6)
      socket.sin6_port = port.bigEndian
      withUnsafeMutableBytes(of: &socket.sin6_addr) { $0.copyBytes(from: bytes) }
      return withUnsafePointer(to: &socket) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, true) }
      }
    }
  }
}

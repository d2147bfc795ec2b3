/// The declarations of a command or group, found by reflection in declaration order (the order
/// help lists them), with the groups inside it.
struct Declarations {
  var arguments: [any ParsedArgument] = []
  var groups: [any ParsableArguments] = []

  init(of value: some ParsableArguments) {
    collect(value)
  }

  private mutating func collect(_ value: Any) {
    for child in Mirror(reflecting: value).children {
      if let declaration = child.value as? any ArgumentDeclaration {
        let argument = declaration.parsedArgument
        argument.adopt(label: child.label ?? "")
        arguments.append(argument)
      } else if let declaration = child.value as? any GroupDeclaration {
        groups.append(declaration.group)
        collect(declaration.group)
      }
    }
  }

  var options: [any ParsedArgument] { arguments.filter { $0.definition.kind != .positional } }
  var positionals: [any ParsedArgument] { arguments.filter { $0.definition.kind == .positional } }
}

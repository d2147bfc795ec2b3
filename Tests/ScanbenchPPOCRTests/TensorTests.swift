import ScanbenchPPOCR
import Testing

@Test func tensorKeepsShapeAndValues() {
  let tensor = Tensor(shape: [1, 2, 3], values: [1, 2, 3, 4, 5, 6])
  #expect(tensor.shape.reduce(1, *) == tensor.values.count)
  #expect(tensor.values[5] == 6)
}

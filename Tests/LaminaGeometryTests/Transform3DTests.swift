import XCTest
import Foundation
@testable import LaminaGeometry

/// Transform3D against values computed by hand from CATransform3D's definitions.
final class Transform3DTests: XCTestCase {
    private func assertPoint(_ t: Transform3D, _ p: (Double, Double, Double), projectsTo e: (Double, Double),
                             accuracy: Double = 1e-12, file: StaticString = #filePath, line: UInt = #line) {
        let r = t.apply(x: p.0, y: p.1, z: p.2)
        XCTAssertEqual(r.x / r.w, e.0, accuracy: accuracy, file: file, line: line)
        XCTAssertEqual(r.y / r.w, e.1, accuracy: accuracy, file: file, line: line)
    }

    func testPerspectiveM34DividesByW() {
        var t = Transform3D.identity
        t.m34 = -1.0 / 500
        let r = t.apply(x: 50, y: 20, z: 100)
        // w = 1 + z * m34 = 1 - 100/500 = 0.8.
        XCTAssertEqual(r.w, 0.8, accuracy: 1e-15)
        XCTAssertEqual(r.x / r.w, 62.5, accuracy: 1e-12)
        XCTAssertEqual(r.y / r.w, 25, accuracy: 1e-12)
        XCTAssertEqual(r.z, 100)
    }

    func testRotationAboutYBy45DegreesMatchesTheBook() {
        let t = Transform3D.rotation(Double.pi / 4, 0, 1, 0)
        let s = 0.5.squareRoot()
        XCTAssertEqual(t.m11, s, accuracy: 1e-15)
        XCTAssertEqual(t.m13, -s, accuracy: 1e-15)
        XCTAssertEqual(t.m31, s, accuracy: 1e-15)
        XCTAssertEqual(t.m33, s, accuracy: 1e-15)
        XCTAssertEqual(t.m22, 1)
        let x = t.apply(x: 1, y: 0, z: 0)
        XCTAssertEqual(x.x, s, accuracy: 1e-15)
        XCTAssertEqual(x.z, -s, accuracy: 1e-15)
        // With the book's m34 = -1/500, the right half recedes and shrinks toward the centre.
        var p = Transform3D.identity
        p.m34 = -1.0 / 500
        let projected = t.concatenating(p).apply(x: 100, y: 50, z: 0)
        let w = 1 + 100 * s / 500
        XCTAssertEqual(projected.x / projected.w, 100 * s / w, accuracy: 1e-12)
        XCTAssertEqual(projected.y / projected.w, 50 / w, accuracy: 1e-12)
    }

    func testRotationAboutZBy90DegreesMapsXAxisToYAxis() {
        assertPoint(.rotation(Double.pi / 2, 0, 0, 1), (1, 0, 0), projectsTo: (0, 1), accuracy: 1e-15)
        assertPoint(.rotation(Double.pi / 2, 0, 0, 1), (0, 1, 0), projectsTo: (-1, 0), accuracy: 1e-15)
    }

    func testZeroAxisRotationIsIdentity() {
        XCTAssertTrue(Transform3D.rotation(1, 0, 0, 0).isIdentity)
    }

    func testTranslatedAppliesTheTranslationFirst() {
        // CATransform3DTranslate(t, 10, 0, 0) = translate, then t.
        let t = Transform3D.scale(2, 3).translated(10, 0)
        assertPoint(t, (1, 1, 0), projectsTo: (22, 3))
        let r = Transform3D.translation(10, 0).rotated(Double.pi / 2, 0, 0, 1)
        assertPoint(r, (1, 0, 0), projectsTo: (10, 1), accuracy: 1e-12)
        let s = Transform3D.translation(10, 20).scaled(2, 2)
        assertPoint(s, (1, 1, 0), projectsTo: (12, 22))
    }

    func testConcatAppliesLeftOperandFirst() {
        let a = Transform3D.translation(10, 0), b = Transform3D.scale(2, 2)
        assertPoint(a.concatenating(b), (1, 1, 0), projectsTo: (22, 2))
        assertPoint(b.concatenating(a), (1, 1, 0), projectsTo: (12, 2))
    }

    func testInvertOfPerspectiveRotationProductIsExact() throws {
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        let m = Transform3D.rotation(0.7, 1, 2, 0.5).translated(5, -6, 7).scaled(1.5, 0.5, 2)
            .concatenating(perspective)
        let inverse = try XCTUnwrap(m.inverted)
        let product = m.concatenating(inverse).elements
        for (value, expected) in zip(product, Transform3D.identity.elements) {
            XCTAssertEqual(value, expected, accuracy: 1e-12)
        }
        let other = inverse.concatenating(m).elements
        for (value, expected) in zip(other, Transform3D.identity.elements) {
            XCTAssertEqual(value, expected, accuracy: 1e-12)
        }
    }

    func testSingularMatrixHasNoInverse() {
        XCTAssertNil(Transform3D.scale(0, 1).inverted)
        XCTAssertNil(Transform3D(elements: [Double](repeating: 1, count: 16))?.inverted)
    }

    func testIsAffineAndIsIdentity() {
        XCTAssertTrue(Transform3D.identity.isIdentity)
        XCTAssertTrue(Transform3D.translation(0, 0).isIdentity)
        XCTAssertFalse(Transform3D.translation(1, 0).isIdentity)
        XCTAssertTrue(Transform3D.translation(1, 2).isAffine)
        XCTAssertTrue(Transform3D.rotation(0.3, 0, 0, 1).isAffine)
        XCTAssertFalse(Transform3D.translation(1, 2, 3).isAffine)
        XCTAssertFalse(Transform3D.rotation(0.3, 0, 1, 0).isAffine)
        var p = Transform3D.identity
        p.m34 = -0.002
        XCTAssertFalse(p.isAffine)
    }

    func testAffineRoundTripAndAgreementWithCGAffineTransform() {
        let a = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t = Transform3D(affine: a)
        XCTAssertTrue(t.isAffine)
        XCTAssertEqual(t.affineTransform, a)
        let p = CGPoint(x: 7, y: -2).applying(a)
        let q = t.apply(x: 7, y: -2)
        XCTAssertEqual(Double(p.x), q.x)
        XCTAssertEqual(Double(p.y), q.y)
    }

    func testElementsRoundTripAndWrongCountIsRejected() {
        let t = Transform3D.rotation(0.4, 1, 0, 0).translated(1, 2, 3)
        XCTAssertEqual(Transform3D(elements: t.elements), t)
        XCTAssertNil(Transform3D(elements: [1, 2, 3]))
    }
    /// The plane map's kind, decided once for every site that used to test the entries itself.
    func testPlaneKind_classifiesTheZ0PlaneMap() {
        XCTAssertEqual(Transform3D.identity.planeKind, .translation)
        XCTAssertEqual(Transform3D.translation(3, -2.5, 7).planeKind, .translation, "z moves nothing in the plane")
        XCTAssertEqual(Transform3D.scale(2, -1, 1).planeKind, .scaleTranslation)
        XCTAssertEqual(Transform3D.rotation(0.3, 0, 0, 1).planeKind, .affine)
        XCTAssertEqual(Transform3D.rotation(0.3, 0, 1, 0).planeKind, .scaleTranslation,
                       "a turn about y without perspective only narrows the plane")
        var p = Transform3D.identity
        p.m34 = -0.002
        XCTAssertEqual(Transform3D.rotation(0.3, 0, 1, 0).concatenating(p).planeKind, .projective)
        var w = Transform3D.identity
        w.m44 = 2
        XCTAssertEqual(w.planeKind, .constantW)
        XCTAssertTrue(PlaneMapKind.affine.isFlat && PlaneMapKind.constantW.isFlat && !PlaneMapKind.projective.isFlat)
        XCTAssertTrue(PlaneMapKind.scaleTranslation.isScaleTranslation && !PlaneMapKind.affine.isScaleTranslation)
    }
}

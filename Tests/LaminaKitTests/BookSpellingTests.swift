import LaminaKit
import XCTest
@testable import LaminaFixtures

/// Three of the book's listings ported line by line in Core Animation's spelling (CATransform3D functions,
/// UIColor and .cgColor), kept compiling here, and drawing exactly what the gallery's versions draw.
final class BookSpellingTests: XCTestCase {
    /// Listing 6.7: a multi-part gradient.
    static func listing6_7(_ containerView: Layer) {
        //create gradient layer and add it to our container view
        let gradientLayer = GradientLayer()
        gradientLayer.frame = CGRect(x: 160, y: 40, width: 200, height: 200)
        containerView.addSublayer(gradientLayer)
        //set gradient colors
        gradientLayer.colors = [UIColor.red.cgColor, UIColor.yellow.cgColor, UIColor.green.cgColor]
        //set locations
        gradientLayer.locations = [0.0, 0.25, 0.5]
        //set gradient start and end points
        gradientLayer.startPoint = CGPoint(x: 0, y: 0)
        gradientLayer.endPoint = CGPoint(x: 1, y: 1)
    }

    /// Listing 6.8: a replicator turning ten copies about a point below its centre.
    static func listing6_8(_ containerView: Layer) {
        //create a replicator layer and add it to our view
        let replicator = ReplicatorLayer()
        replicator.frame = CGRect(x: 120, y: 20, width: 300, height: 300)
        containerView.addSublayer(replicator)
        //configure the replicator
        replicator.instanceCount = 10
        //apply a transform for each instance
        var transform = CATransform3DIdentity
        transform = CATransform3DTranslate(transform, 0, 200, 0)
        transform = CATransform3DRotate(transform, .pi / 5.0, 0, 0, 1)
        transform = CATransform3DTranslate(transform, 0, -200, 0)
        replicator.instanceTransform = transform
        //apply a color shift for each instance
        replicator.instanceBlueOffset = -0.1
        replicator.instanceGreenOffset = -0.1
        //create a sublayer and place it inside the replicator
        let layer = CALayer()
        layer.frame = CGRect(x: 100, y: 100, width: 100, height: 100)
        layer.backgroundColor = UIColor.white.cgColor
        replicator.addSublayer(layer)
    }

    /// The CATransformLayer listing: two cubes of faces under one perspective.
    static func listingCubes(_ containerView: Layer) {
        func faceWithTransform(_ transform: CATransform3D, _ color: UIColor) -> CALayer {
            let face = CALayer()
            face.frame = CGRect(x: -50, y: -50, width: 100, height: 100)
            face.backgroundColor = color.cgColor
            face.transform = transform
            return face
        }
        func cubeWithTransform(_ transform: CATransform3D) -> CALayer {
            let cube = CATransformLayer()
            var ct = CATransform3DMakeTranslation(0, 0, 50)
            cube.addSublayer(faceWithTransform(ct, UIColor(red: 0.95, green: 0.35, blue: 0.35, alpha: 1)))
            ct = CATransform3DMakeTranslation(50, 0, 0)
            ct = CATransform3DRotate(ct, .pi / 2, 0, 1, 0)
            cube.addSublayer(faceWithTransform(ct, UIColor(red: 0.35, green: 0.8, blue: 0.35, alpha: 1)))
            ct = CATransform3DMakeTranslation(0, -50, 0)
            ct = CATransform3DRotate(ct, .pi / 2, 1, 0, 0)
            cube.addSublayer(faceWithTransform(ct, UIColor(red: 0.35, green: 0.45, blue: 0.95, alpha: 1)))
            ct = CATransform3DMakeTranslation(0, 50, 0)
            ct = CATransform3DRotate(ct, -.pi / 2, 1, 0, 0)
            cube.addSublayer(faceWithTransform(ct, UIColor(red: 0.95, green: 0.85, blue: 0.25, alpha: 1)))
            ct = CATransform3DMakeTranslation(-50, 0, 0)
            ct = CATransform3DRotate(ct, -.pi / 2, 0, 1, 0)
            cube.addSublayer(faceWithTransform(ct, UIColor(red: 0.8, green: 0.35, blue: 0.9, alpha: 1)))
            ct = CATransform3DMakeTranslation(0, 0, -50)
            ct = CATransform3DRotate(ct, .pi, 0, 1, 0)
            cube.addSublayer(faceWithTransform(ct, UIColor(red: 0.25, green: 0.8, blue: 0.9, alpha: 1)))
            let containerSize = containerView.bounds.size
            cube.position = CGPoint(x: containerSize.width / 2.0, y: containerSize.height / 2.0)
            cube.transform = transform
            return cube
        }
        let container = CALayer()
        container.frame = containerView.bounds
        containerView.addSublayer(container)
        var pt = CATransform3DIdentity
        pt.m34 = -1.0 / 500.0
        container.sublayerTransform = pt
        var c1t = CATransform3DIdentity
        c1t = CATransform3DTranslate(c1t, -100, 0, 0)
        let cube1 = cubeWithTransform(c1t)
        container.addSublayer(cube1)
        var c2t = CATransform3DIdentity
        c2t = CATransform3DTranslate(c2t, 100, 0, 0)
        c2t = CATransform3DRotate(c2t, -.pi / 4, 1, 0, 0)
        c2t = CATransform3DRotate(c2t, -.pi / 4, 0, 1, 0)
        let cube2 = cubeWithTransform(c2t)
        container.addSublayer(cube2)
    }

    func testPortedListings_drawWhatTheGalleryDraws() throws {
        let ports: [(String, (Layer) -> Void)] = [("6.7", Self.listing6_7), ("6.8", Self.listing6_8), ("Cubes", Self.listingCubes)]
        for (number, port) in ports {
            let figure = try XCTUnwrap(Gallery.figures.first { $0.number == number })
            let reference = try Lamina.render(figure.makeScene(scale: 2))
            let scene = Scene(width: figure.width, height: figure.height, scale: 2, background: Gallery.background)
            port(scene.root)
            let ported = try Lamina.render(scene)
            XCTAssertEqual(try ImageComparison(reference, ported).maxDifference, 0, "figure \(number)")
        }
    }

    func testSystemColours_haveUIKitsLightModeValues_andNameInScenes() throws {
        XCTAssertEqual(UIColor.systemBlue.cgColor, Color(red: 0, green: 122.0 / 255, blue: 1, alpha: 1))
        XCTAssertEqual(Color.systemGray6, Color(red: 242.0 / 255, green: 242.0 / 255, blue: 247.0 / 255, alpha: 1))
        let scene = try SceneDecoder().decode(Data("""
            {"format": "lamina-scene/1", "canvas": {"width": 4, "height": 4},
             "layers": [{"frame": [0, 0, 4, 4], "backgroundColor": "systemGreen"}]}
            """.utf8))
        XCTAssertEqual(scene.root.sublayersValue[0].backgroundColor, .systemGreen)
        XCTAssertTrue(CATransform3DIsIdentity(CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeScale(0.5, 0.5, 1))))
        XCTAssertEqual(CATransform3DMakeAffineTransform(CGAffineTransform(translationX: 3, y: 4)), CATransform3DMakeTranslation(3, 4, 0))
    }
}

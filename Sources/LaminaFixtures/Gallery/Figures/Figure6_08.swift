import Foundation
import LaminaCore
import LaminaImage
import LaminaGeometry

extension Gallery {
    static let figure6_8 = GalleryFigure(
        number: "6.8", title: "CAReplicatorLayer: ten instances of one square, each turned 36 degrees and fading to red",
        reference: "Chapter 6, Specialized Layers: CAReplicatorLayer, Figure 6.8, Listing 6.8",
        width: 540, height: 660,
        sourceFile: "Figure6_08.swift", functions: ["figure6_8"],
        code: figure6_8Code, build: { figure6_8($0) })

    /// Listing 6.8: the instance transform turns each copy about a point 200 points below the replicator's
    /// centre; the colour offsets take green and blue down by 0.1 per instance.
    static func figure6_8(_ view: Layer) {
        //create a replicator layer and add it to our view
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 120, y: 20, width: 300, height: 300)
        view.addSublayer(replicator)

        //configure the replicator
        replicator.instanceCount = 10

        //apply a transform for each instance
        var transform = Transform3D.identity
        transform = transform.translated(0, 200, 0)
        transform = transform.rotated(.pi / 5.0, 0, 0, 1)
        transform = transform.translated(0, -200, 0)
        replicator.instanceTransform = transform

        //apply a color shift for each instance
        replicator.instanceBlueOffset = -0.1
        replicator.instanceGreenOffset = -0.1

        //create a sublayer and place it inside the replicator
        let layer = CALayer()
        layer.frame = CGRect(x: 100, y: 100, width: 100, height: 100)
        layer.backgroundColor = .white
        replicator.addSublayer(layer)
    }

    static let figure6_8Code = #"""
        static func figure6_8(_ view: Layer) {
            //create a replicator layer and add it to our view
            let replicator = CAReplicatorLayer()
            replicator.frame = CGRect(x: 120, y: 20, width: 300, height: 300)
            view.addSublayer(replicator)

            //configure the replicator
            replicator.instanceCount = 10

            //apply a transform for each instance
            var transform = Transform3D.identity
            transform = transform.translated(0, 200, 0)
            transform = transform.rotated(.pi / 5.0, 0, 0, 1)
            transform = transform.translated(0, -200, 0)
            replicator.instanceTransform = transform

            //apply a color shift for each instance
            replicator.instanceBlueOffset = -0.1
            replicator.instanceGreenOffset = -0.1

            //create a sublayer and place it inside the replicator
            let layer = CALayer()
            layer.frame = CGRect(x: 100, y: 100, width: 100, height: 100)
            layer.backgroundColor = .white
            replicator.addSublayer(layer)
        }
        """#
}

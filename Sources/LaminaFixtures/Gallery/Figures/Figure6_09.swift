import Foundation
import LaminaCore
import LaminaImage
import LaminaGeometry

extension Gallery {
    static let figure6_9 = GalleryFigure(
        number: "6.9", title: "A reflection with CAReplicatorLayer: a second instance flipped below the first and faded",
        reference: "Chapter 6, Specialized Layers: Reflections, Figure 6.9, Listing 6.9",
        width: 300, height: 320,
        sourceFile: "Figure6_09.swift", functions: ["figure6_9"],
        code: figure6_9Code, build: { figure6_9($0) })

    /// Listing 6.9 (ReflectionView): two instances, the second moved down by the height plus a gap, flipped
    /// vertically and made 60% more transparent.
    static func figure6_9(_ view: Layer) {
        //a replicator the size of the image view it reflects
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 70, y: 20, width: 160, height: 140)
        view.addSublayer(replicator)

        //configure replication
        replicator.instanceCount = 2

        //move reflection instance below original and flip vertically
        var transform = Transform3D.identity
        let verticalOffset = replicator.bounds.size.height + 2
        transform = transform.translated(0, verticalOffset, 0)
        transform = transform.scaled(1, -1, 0)
        replicator.instanceTransform = transform

        //reduce alpha of reflection layer
        replicator.instanceAlphaOffset = -0.6

        //the image being reflected
        let imageLayer = CALayer()
        imageLayer.frame = replicator.bounds
        imageLayer.contents = landscapeImage()
        imageLayer.contentsGravity = .resizeAspectFill
        imageLayer.masksToBounds = true
        replicator.addSublayer(imageLayer)
    }

    static let figure6_9Code = #"""
        static func figure6_9(_ view: Layer) {
            //a replicator the size of the image view it reflects
            let replicator = CAReplicatorLayer()
            replicator.frame = CGRect(x: 70, y: 20, width: 160, height: 140)
            view.addSublayer(replicator)

            //configure replication
            replicator.instanceCount = 2

            //move reflection instance below original and flip vertically
            var transform = Transform3D.identity
            let verticalOffset = replicator.bounds.size.height + 2
            transform = transform.translated(0, verticalOffset, 0)
            transform = transform.scaled(1, -1, 0)
            replicator.instanceTransform = transform

            //reduce alpha of reflection layer
            replicator.instanceAlphaOffset = -0.6

            //the image being reflected
            let imageLayer = CALayer()
            imageLayer.frame = replicator.bounds
            imageLayer.contents = landscapeImage()
            imageLayer.contentsGravity = .resizeAspectFill
            imageLayer.masksToBounds = true
            replicator.addSublayer(imageLayer)
        }
        """#
}

import Foundation
import LaminaCore
import LaminaImage
import LaminaGeometry

extension Gallery {
    static let figureSpinner: GalleryFigure = {
        var f = GalleryFigure(
            number: "Spinner", title: "The activity spinner: a CAReplicatorLayer of twelve bars, each fading a twelfth of a second after the one before (instanceDelay)",
            reference: "Chapter 6, Specialized Layers (CAReplicatorLayer), with Chapter 8's CABasicAnimation and Chapter 9's layer time",
            width: 200, height: 200,
            sourceFile: "FigureSpinner.swift", functions: ["figureSpinner"],
            code: figureSpinnerCode, build: { figureSpinner($0) })
        f.timeline = 0...2
        f.fps = 60
        f.stillTime = 0.5
        return f
    }()

    /// Twelve bars round a circle, drawn from one bar: the replicator turns each instance by 30 degrees and
    /// starts its animation 1/12 s after the one before, so the fade runs round the ring.
    static func figureSpinner(_ view: Layer) {
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 40, y: 40, width: 120, height: 120)
        replicator.instanceCount = 12
        replicator.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        replicator.instanceDelay = 1.0 / 12
        view.addSublayer(replicator)

        //one bar at the top of the ring
        let bar = CALayer()
        bar.frame = CGRect(x: 55, y: 6, width: 10, height: 32)
        bar.cornerRadius = 5
        bar.backgroundColor = UIColor(white: 0.25, alpha: 1).cgColor
        replicator.addSublayer(bar)

        //fade it out over a second, for ever
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0.1
        fade.duration = 1
        fade.repeatCount = .infinity
        bar.add(fade, forKey: "fade")
    }

    static let figureSpinnerCode = #"""
        static func figureSpinner(_ view: Layer) {
            let replicator = CAReplicatorLayer()
            replicator.frame = CGRect(x: 40, y: 40, width: 120, height: 120)
            replicator.instanceCount = 12
            replicator.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
            replicator.instanceDelay = 1.0 / 12
            view.addSublayer(replicator)

            //one bar at the top of the ring
            let bar = CALayer()
            bar.frame = CGRect(x: 55, y: 6, width: 10, height: 32)
            bar.cornerRadius = 5
            bar.backgroundColor = UIColor(white: 0.25, alpha: 1).cgColor
            replicator.addSublayer(bar)

            //fade it out over a second, for ever
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0.1
            fade.duration = 1
            fade.repeatCount = .infinity
            bar.add(fade, forKey: "fade")
        }
        """#
}

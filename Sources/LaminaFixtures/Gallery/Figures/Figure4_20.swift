import Foundation
import LaminaCore
import LaminaImage
import LaminaGraph

extension Gallery {
    static let figure4_20 = GalleryFigure(
        number: "4.20", title: "Without group opacity the faded button (right) shows its label's white background",
        reference: "Chapter 4, Group Opacity: Figure 4.20",
        width: 520, height: 200,
        sourceFile: "Figure4_20.swift", functions: ["customButton", "figure4_20"],
        code: figure4_20Code, build: { figure4_20($0) })

    /// The book's custom button: a white rounded layer with a white label sublayer.
    static func customButton(frame: CGRect) -> Layer {
        //create button
        let button = CALayer()
        button.frame = frame
        button.backgroundColor = Color.white
        button.cornerRadius = 10

        //add label: the 1-pixel font drawn at 2 points per pixel
        let label = CALayer()
        label.frame = CGRect(x: 8, y: 12, width: frame.width - 16, height: frame.height - 24)
        label.backgroundColor = Color.white
        label.contents = pixelTextImage("Hello World")
        label.contentsScale = 0.5
        label.contentsGravity = .center
        label.magnificationFilter = .nearest
        button.addSublayer(label)
        return button
    }

    /// An opaque button, and the same button at opacity 0.5 blending each sublayer separately (iOS 6).
    static func figure4_20(_ view: Layer) {
        let containerView = CALayer()
        containerView.frame = view.bounds
        containerView.backgroundColor = Color(red: 0.35, green: 0.5, blue: 0.65)
        view.addSublayer(containerView)

        //create opaque button
        let button1 = customButton(frame: CGRect(x: 60, y: 70, width: 150, height: 60))
        containerView.addSublayer(button1)

        //create translucent button
        let button2 = customButton(frame: CGRect(x: 310, y: 70, width: 150, height: 60))
        button2.opacity = 0.5
        //iOS 6 and earlier: the button and its label each blend on their own
        button2.allowsGroupOpacity = false
        containerView.addSublayer(button2)
    }

    static let figure4_20Code = #"""
        static func customButton(frame: CGRect) -> Layer {
            //create button
            let button = CALayer()
            button.frame = frame
            button.backgroundColor = Color.white
            button.cornerRadius = 10

            //add label: the 1-pixel font drawn at 2 points per pixel
            let label = CALayer()
            label.frame = CGRect(x: 8, y: 12, width: frame.width - 16, height: frame.height - 24)
            label.backgroundColor = Color.white
            label.contents = pixelTextImage("Hello World")
            label.contentsScale = 0.5
            label.contentsGravity = .center
            label.magnificationFilter = .nearest
            button.addSublayer(label)
            return button
        }

        static func figure4_20(_ view: Layer) {
            let containerView = CALayer()
            containerView.frame = view.bounds
            containerView.backgroundColor = Color(red: 0.35, green: 0.5, blue: 0.65)
            view.addSublayer(containerView)

            //create opaque button
            let button1 = customButton(frame: CGRect(x: 60, y: 70, width: 150, height: 60))
            containerView.addSublayer(button1)

            //create translucent button
            let button2 = customButton(frame: CGRect(x: 310, y: 70, width: 150, height: 60))
            button2.opacity = 0.5
            //iOS 6 and earlier: the button and its label each blend on their own
            button2.allowsGroupOpacity = false
            containerView.addSublayer(button2)
        }
        """#
}

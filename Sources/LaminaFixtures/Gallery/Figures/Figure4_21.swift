import Foundation
import LaminaCore
import LaminaImage
import LaminaGraph

extension Gallery {
    static let figure4_21 = GalleryFigure(
        number: "4.21", title: "Fading the button as one: no group opacity (left), group opacity (middle), shouldRasterize (right)",
        reference: "Chapter 4, Group Opacity: Figure 4.21, Listing 4.7",
        width: 520, height: 200,
        sourceFile: "Figure4_21.swift", functions: ["figure4_21"],
        code: figure4_21Code, build: { figure4_21($0) })

    /// Listing 4.7: using shouldRasterize to fix group blending, beside allowsGroupOpacity on and off.
    static func figure4_21(_ view: Layer) {
        let containerView = CALayer()
        containerView.frame = view.bounds
        containerView.backgroundColor = Color(red: 0.35, green: 0.5, blue: 0.65)
        view.addSublayer(containerView)

        //without group opacity, as in figure 4.20
        let button1 = customButton(frame: CGRect(x: 20, y: 70, width: 150, height: 60))
        button1.opacity = 0.5
        button1.allowsGroupOpacity = false
        containerView.addSublayer(button1)

        //with group opacity (the default since iOS 7)
        let button2 = customButton(frame: CGRect(x: 185, y: 70, width: 150, height: 60))
        button2.opacity = 0.5
        button2.allowsGroupOpacity = true
        containerView.addSublayer(button2)

        //enable rasterization for the translucent button
        let button3 = customButton(frame: CGRect(x: 350, y: 70, width: 150, height: 60))
        button3.opacity = 0.5
        button3.allowsGroupOpacity = false
        button3.shouldRasterize = true
        button3.rasterizationScale = 2
        containerView.addSublayer(button3)
    }

    static let figure4_21Code = #"""
        static func figure4_21(_ view: Layer) {
            let containerView = CALayer()
            containerView.frame = view.bounds
            containerView.backgroundColor = Color(red: 0.35, green: 0.5, blue: 0.65)
            view.addSublayer(containerView)

            //without group opacity, as in figure 4.20
            let button1 = customButton(frame: CGRect(x: 20, y: 70, width: 150, height: 60))
            button1.opacity = 0.5
            button1.allowsGroupOpacity = false
            containerView.addSublayer(button1)

            //with group opacity (the default since iOS 7)
            let button2 = customButton(frame: CGRect(x: 185, y: 70, width: 150, height: 60))
            button2.opacity = 0.5
            button2.allowsGroupOpacity = true
            containerView.addSublayer(button2)

            //enable rasterization for the translucent button
            let button3 = customButton(frame: CGRect(x: 350, y: 70, width: 150, height: 60))
            button3.opacity = 0.5
            button3.allowsGroupOpacity = false
            button3.shouldRasterize = true
            button3.rasterizationScale = 2
            containerView.addSublayer(button3)
        }
        """#
}

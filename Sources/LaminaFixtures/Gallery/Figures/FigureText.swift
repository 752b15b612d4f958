import Foundation
import LaminaCore
import LaminaImage

extension Gallery {
    static let figure6_2 = GalleryFigure(
        number: "Text", title: "CATextLayer: plain text, justified and wrapped, at contentsScale 1 (soft on a 2x screen)",
        reference: "Chapter 6, Specialized Layers: CATextLayer (the plain text listing)",
        sourceFile: "FigureText.swift", functions: ["figure6_2"],
        code: figure6_2Code, build: { figure6_2($0) })

    static let figure6_3 = GalleryFigure(
        number: "Text 2x", title: "CATextLayer at contentsScale 2: the same text, sharp on a 2x screen",
        reference: "Chapter 6, Specialized Layers: CATextLayer (contentsScale set to the screen's scale)",
        sourceFile: "FigureText.swift", functions: ["figure6_2", "figure6_3"],
        code: figure6_2Code + "\n\n" + figure6_3Code, build: { figure6_3($0) })

    static let figure6_4 = GalleryFigure(
        number: "Rich text", title: "Rich text: an attributed string with the word \"ipsum\" red and underlined",
        reference: "Chapter 6, Specialized Layers: Rich Text (the attributed string listing)",
        sourceFile: "FigureText.swift", functions: ["figure6_4"],
        code: figure6_4Code, build: { figure6_4($0) })

    /// The book's sample text.
    static let loremIpsum = "Lorem ipsum dolor sit amet, consectetur adipiscing elit. Quisque massa arcu, eleifend vel "
        + "varius in, facilisis pulvinar leo. Nunc quis nunc at mauris pharetra condimentum ut ac neque. Nunc "
        + "elementum, libero ut porttitor dictum, diam odio congue lacus, vel fringilla sapien diam at purus. "
        + "Etiam suscipit pretium nunc sit amet lobortis"

    /// The plain text listing: a CATextLayer in the label view, black, justified and wrapped, in the 15-point system font.
    static func figure6_2(_ view: Layer) {
        //create a label view (white, as the book's is)
        let labelView = CALayer()
        labelView.frame = CGRect(x: 110, y: 20, width: 300, height: 240)
        labelView.backgroundColor = .white
        view.addSublayer(labelView)

        //create a text layer
        let textLayer = CATextLayer()
        textLayer.frame = labelView.bounds
        labelView.addSublayer(textLayer)

        //set text attributes
        textLayer.foregroundColor = .black
        textLayer.alignmentMode = .justified
        textLayer.isWrapped = true

        //choose a font (the system font: Helvetica, as Fontconfig resolves it)
        textLayer.font = "Helvetica"
        textLayer.fontSize = 15

        //choose some text
        textLayer.string = loremIpsum
    }

    /// The same layer with contentsScale set to the screen's scale, so the text is sharp.
    static func figure6_3(_ view: Layer) {
        figure6_2(view)
        let textLayer = view.sublayersValue[0].sublayersValue[0]
        textLayer.contentsScale = 2 //[UIScreen mainScreen].scale
    }

    /// Rich text: the whole string black in the system font, then "ipsum" red and underlined.
    static func figure6_4(_ view: Layer) {
        let labelView = CALayer()
        labelView.frame = CGRect(x: 110, y: 20, width: 300, height: 240)
        labelView.backgroundColor = .white
        view.addSublayer(labelView)

        //create a text layer
        let textLayer = CATextLayer()
        textLayer.frame = labelView.bounds
        textLayer.contentsScale = 2
        labelView.addSublayer(textLayer)

        //set text attributes
        textLayer.alignmentMode = .left
        textLayer.isWrapped = true

        //create attributed string: setAttributes for the whole text, then for the range (6, 5)
        let text = loremIpsum
        let start = text.index(text.startIndex, offsetBy: 6), end = text.index(start, offsetBy: 5)
        textLayer.attributedString = [
            TextLayer.AttributedRun(String(text[..<start]), font: "Helvetica", fontSize: 15, foregroundColor: .black),
            TextLayer.AttributedRun(String(text[start..<end]), font: "Helvetica", fontSize: 15,
                                    foregroundColor: .red, underline: true),
            TextLayer.AttributedRun(String(text[end...]), font: "Helvetica", fontSize: 15, foregroundColor: .black),
        ]
    }

    static let figure6_2Code = #"""
        static func figure6_2(_ view: Layer) {
            //create a label view (white, as the book's is)
            let labelView = CALayer()
            labelView.frame = CGRect(x: 110, y: 20, width: 300, height: 240)
            labelView.backgroundColor = .white
            view.addSublayer(labelView)

            //create a text layer
            let textLayer = CATextLayer()
            textLayer.frame = labelView.bounds
            labelView.addSublayer(textLayer)

            //set text attributes
            textLayer.foregroundColor = .black
            textLayer.alignmentMode = .justified
            textLayer.isWrapped = true

            //choose a font (the system font: Helvetica, as Fontconfig resolves it)
            textLayer.font = "Helvetica"
            textLayer.fontSize = 15

            //choose some text
            textLayer.string = loremIpsum
        }
        """#

    static let figure6_3Code = #"""
        static func figure6_3(_ view: Layer) {
            figure6_2(view)
            let textLayer = view.sublayersValue[0].sublayersValue[0]
            textLayer.contentsScale = 2 //[UIScreen mainScreen].scale
        }
        """#

    static let figure6_4Code = #"""
        static func figure6_4(_ view: Layer) {
            let labelView = CALayer()
            labelView.frame = CGRect(x: 110, y: 20, width: 300, height: 240)
            labelView.backgroundColor = .white
            view.addSublayer(labelView)

            //create a text layer
            let textLayer = CATextLayer()
            textLayer.frame = labelView.bounds
            textLayer.contentsScale = 2
            labelView.addSublayer(textLayer)

            //set text attributes
            textLayer.alignmentMode = .left
            textLayer.isWrapped = true

            //create attributed string: setAttributes for the whole text, then for the range (6, 5)
            let text = loremIpsum
            let start = text.index(text.startIndex, offsetBy: 6), end = text.index(start, offsetBy: 5)
            textLayer.attributedString = [
                TextLayer.AttributedRun(String(text[..<start]), font: "Helvetica", fontSize: 15, foregroundColor: .black),
                TextLayer.AttributedRun(String(text[start..<end]), font: "Helvetica", fontSize: 15,
                                        foregroundColor: .red, underline: true),
                TextLayer.AttributedRun(String(text[end...]), font: "Helvetica", fontSize: 15, foregroundColor: .black),
            ]
        }
        """#
}

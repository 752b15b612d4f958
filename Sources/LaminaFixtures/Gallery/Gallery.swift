import Foundation
import LaminaCore
import LaminaImage
import LaminaGraph

/// The built-in gallery `lamina demo` renders: chapter 4 ("Visual Effects") of Nick Lockwood's
/// "iOS Core Animation: Advanced Techniques", figure by figure, plus a few figures from chapters 2, 5 and 6.
///
/// Each figure lives in its own file under `Figures/` as plain Swift against the layer API, written the
/// way the book's Objective-C listing is (`layer.cornerRadius = 20`), so the two can be read side by side.
/// The listing text shown with a figure is a string literal of that very code; a unit test reads the
/// source file and fails when they differ (rejected: generating the text at build time, which needs a
/// package plugin, and reading source files at run time, which breaks once the binary is installed).
/// Pictures the book drew from photographs use images generated in code (`Gallery+Images.swift`), so the
/// gallery needs no files.
public enum Gallery {
    /// The canvas colour: the light grey of the book's view controllers, so white layers and shadows show.
    public static let background = Color(white: 0.8)

    /// Every figure, in the book's order; figures from other chapters follow chapter 4's.
    public static let figures: [GalleryFigure] = [
        figure4_1, figure4_2, figure4_3, figure4_4, figure4_5, figure4_6, figure4_7, figure4_8, figure4_9,
        figure4_10, figure4_11, figure4_12, figure4_13, figure4_14, figure4_15, figure4_16, figure4_17,
        figure4_18, figure4_19, figure4_20, figure4_21, figure2_12, figure5_21, figure6_1, figure6_2, figure6_3, figure6_4, figure6_6, figure6_7, figure6_8, figure6_9,
        figureSprites, figureNineSlice, figureGravity, figurePerspective, figureLitCube,
        figure6_10, figure8_6, figureSpinner,
    ]
}

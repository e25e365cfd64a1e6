/**
 * Student texts for the writing-analysis tests, written the way students in an
 * electromagnetics course write: citations in several styles, headings, a reference list.
 * The measurements the tests assert were counted by hand (see the comments).
 */

/**
 * 3 headings (References excluded), 4 body paragraphs, 10 sentences ("et al." and the
 * citation brackets do not end sentences), 9 in-text citations: [1]; (Lee & Park, 2021);
 * Taflove and Hagness (2005); [2, 3]; Berenger (1994); (Chen et al., 2018; Müller, 2020) = 2;
 * Chen et al. (2018); [4]. 4 reference entries. Hedges: suggests, may, might. Connectives:
 * However, In contrast, therefore, For example, Nevertheless, Overall.
 */
export const EN_LITERATURE_REVIEW = `## Introduction

Finite-difference time-domain (FDTD) methods have become a standard tool for simulating electromagnetic waves in teaching laboratories [1]. However, most studies report accuracy for idealised media, and few discuss how students interpret numerical artefacts (Lee & Park, 2021).

## Accuracy and stability

Taflove and Hagness (2005) showed that the Yee scheme is stable when the Courant number does not exceed one. Later work suggests that absorbing boundaries may introduce reflections of about 1 % at normal incidence [2, 3]. In contrast, Berenger (1994) argued that a perfectly matched layer removes these reflections almost entirely. These results are therefore not contradictory; they describe different boundary conditions.

## Use in teaching

Several authors have used FDTD applets in undergraduate courses (Chen et al., 2018; Müller, 2020). For example, Chen et al. (2018) reported that students who varied the grid resolution themselves explained numerical dispersion more accurately than students who only watched a demonstration. Nevertheless, these studies were small, and their results might not generalise to larger classes [4].

Overall, the literature indicates that FDTD is accurate enough for teaching, but the evidence on learning gains is still limited.

## References

[1] A. Taflove and S. C. Hagness, Computational Electrodynamics, 3rd ed., Artech House, 2005.
[2] J.-P. Berenger, J. Comput. Phys. 114, 185–200 (1994).
[3] K. S. Yee, IEEE Trans. Antennas Propag. 14, 302–307 (1966).
[4] Y. Chen et al., Am. J. Phys. 86, 512 (2018).
`;

/**
 * 3 headings, 3 body paragraphs, 7 sentences (。 ends them), 5 in-text citations: 【1】;
 * （李明，2021）; 王强等（2019）; [2]; Berenger（1994）. 2 reference entries. Hedge: 可能.
 * Connectives: 然而, 此外, 相比之下, 因此, 总之 (但 alone is not on the list).
 */
export const ZH_LITERATURE_REVIEW = `一、引言

时域有限差分法（FDTD）已成为电磁场数值计算和实验教学中的常用方法【1】。然而，多数研究只讨论理想介质中的计算精度，较少关注学生如何理解网格色散等数值误差（李明，2021）。

二、研究现状

王强等（2019）指出，当库朗数不超过1时，Yee格式的时间推进是稳定的。此外，简单的吸收边界可能在正入射时产生约1%的反射[2]。相比之下，Berenger（1994）认为完全匹配层几乎可以消除这些反射。因此，这些结论并不矛盾，它们针对的是不同的边界条件。

三、总结

总之，现有文献表明FDTD在教学中的精度基本足够，但关于学习效果的实证研究仍然有限，有待在更大规模的课堂中进一步验证。

参考文献
[1] 葛德彪, 闫玉波. 电磁波时域有限差分方法[M]. 西安: 西安电子科技大学出版社, 2011.
[2] Berenger J P. A perfectly matched layer for the absorption of electromagnetic waves[J]. Journal of Computational Physics, 1994, 114(2): 185-200.
`;

/** A lab report in Chinese without uncertainties and without a comparison with theory. */
export const ZH_LAB_REPORT = `实验目的

测量长直螺线管内部轴线上的磁感应强度，并研究磁场沿轴线的分布。

实验方法

用霍尔传感器沿螺线管轴线每隔1 cm测量一次磁感应强度，螺线管长20 cm，共500匝，通过的电流为2.00 A。测量时先将传感器调零，再依次记录各位置的读数。

实验结果

螺线管中部的磁感应强度为6.21 mT，两端约为3.1 mT。中部10 cm范围内读数变化很小，磁场比较均匀。

结论

实验测得螺线管中部磁场均匀，端部磁场约为中部的一半，我们觉得这个实验挺简单的。
`;

/** An abstract that cites sources (it should not) and has all four moves. */
export const EN_ABSTRACT = `We investigate how the grid resolution of a finite-difference time-domain (FDTD) solver affects the accuracy of simulated pulse propagation in a dielectric slab. Using a one-dimensional Yee scheme with absorbing boundaries [1], we measured the phase velocity and the reflection coefficient for grids of 10 to 80 cells per wavelength. The results show that the phase error falls below 1 % at 20 cells per wavelength, while the reflection from the boundaries stays under 0.5 %. We conclude that 20 cells per wavelength is a sufficient default for teaching simulations, which suggests that students can run accurate experiments on ordinary laptops.`;

/** Too short to analyse (5 words). */
export const TOO_SHORT = 'Gauss law is very important.';

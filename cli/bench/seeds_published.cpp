// The published figures of the source tables, copied by hand from the documents'
// printed tables (decimal commas made points). A figure that was printed is kept as
// printed, even where it looks wrong; each doubtful one is flagged beside it.
#include "bench/seeds_published.hpp"

namespace dstu::cli::bench::published {

// "000": the paper in Russian on parallel algorithms for operations on integers,
// polynomials and elliptic-curve points, measured on DSTU 4145-2002 (sections
// "Модульное возведение в степень", "Полиномиальные операции", "Скалярное умножение";
// the copy we hold begins at "1. Постановка задачи и ее актуальность" and carries no
// title or authors). Every experiment ran on the machine below (Visual Studio 2005,
// OpenMP).
const char* const kCpu000 = "Intel Pentium Dual E2160 @ 1.80 GHz (2 cores)";

// "000", Table 1 («Временные характеристики последовательного и параллельного
// вычисления модульного возведения в степень»): seconds.
const std::array<ModexpRow, 3> kModexp000{{
    {1024, 0.0466112, 0.0387393, 1.2032},
    {2048, 0.349978, 0.2901, 1.20641},
    {3072, 1.15529, 0.949829, 1.21631},
}};

// "000", Table 2 («Отношение времен операций удвоения и сложения точек (для
// якобиановских координат), размер окна равен 8»): D and A in microseconds. Row m = 163
// has r = 4.07 where the others are near 2.8; it is printed so (A = 37.5794).
const std::array<FormulaRow, 10> kFormulas000{{
    {163, 9.23485, 37.5794, 4.0693, 20, 1.70},
    {167, 8.10486, 22.8046, 2.8137, 20, 1.70},
    {173, 9.63484, 23.7146, 2.46134, 21, 1.70},
    {179, 8.51486, 23.5096, 2.76101, 22, 1.71},
    {191, 8.09486, 22.9396, 2.83385, 23, 1.71},
    {233, 11.0098, 30.8745, 2.80427, 29, 1.72},
    {257, 11.6498, 33.5744, 2.88197, 31, 1.72},
    {307, 14.8898, 39.0193, 2.62055, 38, 1.72},
    {367, 16.6897, 47.8992, 2.86998, 45, 1.73},
    {431, 22.1446, 60.4090, 2.72793, 53, 1.73},
}};

// "000", Table 3 («Формирование (S) и проверка (V) цифровой подписи для
// последовательного режима выполнения»): milliseconds. The m = 571 row has no DSTU
// curve in lib/ec yet; seeds leaves it out.
const std::array<SequentialSignRow, 11> kSequentialSign000{{
    {163, 0.783699, 2.42131, 3.09},
    {167, 0.763359, 2.40964, 3.16},
    {173, 0.808407, 2.46914, 3.05},
    {179, 0.854701, 2.6455, 3.10},
    {191, 0.878735, 2.76625, 3.15},
    {233, 1.35044, 4.41501, 3.27},
    {257, 1.59109, 5.44959, 3.43},
    {307, 2.17865, 7.38007, 3.39},
    {367, 3.09598, 10.989, 3.55},
    {431, 4.31034, 15.625, 3.63},
    {571, 7.8125, 28.5714, 3.66},
}};

// "000", Table 4 («Формирование (S) и проверка (V) цифровой подписи для параллельного
// режима выполнения»): milliseconds, then the speed-ups Ts / Tp of S and V. The m = 307
// row's V/S of 1.38 is the outlier the paper itself sets aside.
const std::array<ParallelSignRow, 11> kParallelSign000{{
    {163, 0.558347, 0.855798, 1.53, 1.40, 2.83},
    {167, 0.547945, 0.838574, 1.53, 1.39, 2.87},
    {173, 0.594354, 0.903751, 1.52, 1.36, 2.73},
    {179, 0.61237, 0.921234, 1.50, 1.40, 2.87},
    {191, 0.637349, 0.990099, 1.55, 1.38, 2.79},
    {233, 0.967586, 1.52207, 1.57, 1.40, 2.90},
    {257, 1.12423, 1.77936, 1.58, 1.42, 3.06},
    {307, 1.5361, 2.11416, 1.38, 1.42, 3.49},
    {367, 2.11416, 3.68324, 1.74, 1.46, 2.98},
    {431, 2.99401, 5.27704, 1.76, 1.44, 2.96},
    {571, 5.49451, 9.70874, 1.77, 1.42, 2.94},
}};

// "001": V. Kovtun, A. Okhrimenko (National Aviation University of Ukraine),
// «Подходы к распараллеливанию программной реализации операции умножения целых чисел»
// (approaches to parallelising the software implementation of integer multiplication).
// Table 1: ms for 10^6 products of operands of 3 ... 384 32-bit words by Modified
// Comba ("Cmb*"), Comba 2x and Comba Mx (Intel C++ XE 2011, Win32). Figures of 0 and 16
// are the Windows timer's 15.6 ms tick, not measurements of their own. The Core
// i7-2600 column of 192 words (Cmb* 5554, 2x 3635, Mx 7831) does not fit its
// neighbours (it reads as if the three figures were rotated); it is kept as printed.
const std::array<CombaCpu, 5> kComba001{{
    {"Intel Dual Core T2130",
     {16, 16, 46, 187, 702, 1544, 2652, 5786, 10246, 22988, 40206, 90002},
     {202, 202, 219, 328, 546, 966, 1591, 3758, 5381, 13194, 20508, 49173},
     {281, 297, 343, 464, 889, 1544, 2417, 5332, 8234, 17935, 33203, 72519}},
    {"Intel Core2 Duo T7200",
     {16, 16, 46, 156, 484, 1015, 1734, 3766, 6719, 14703, 26063, 57735},
     {234, 172, 187, 235, 422, 703, 1125, 2157, 3641, 7812, 13531, 29859},
     {266, 281, 297, 406, 719, 1235, 1844, 3593, 6015, 12891, 22500, 49625}},
    {"Intel Core2 Duo E6400",
     {0, 16, 31, 94, 328, 688, 1172, 2515, 4500, 9843, 17438, 38610},
     {78, 93, 93, 125, 266, 453, 719, 1672, 2438, 5265, 9547, 20281},
     {141, 141, 172, 250, 453, 781, 1218, 2735, 4047, 8688, 16000, 34578}},
    {"AMD A8-3510 MX",
     {16, 16, 31, 156, 452, 921, 1576, 3682, 6537, 14212, 24133, 51480},
     {187, 187, 209, 250, 421, 687, 1061, 2075, 3416, 7472, 13072, 28205},
     {359, 375, 390, 437, 593, 826, 1185, 2075, 3276, 6755, 11404, 24804}},
    {"Intel Core i7-2600",
     {0, 16, 16, 78, 249, 546, 936, 2044, 3525, 5554, 13884, 30872},
     {124, 109, 109, 156, 266, 484, 764, 1622, 2605, 3635, 9734, 21902},
     {172, 156, 203, 234, 312, 421, 609, 1139, 1794, 7831, 6334, 13089}},
}};

// "002": the slides in Russian presenting a C++ cryptographic library (BigInt and
// LargeInt, GF(2^m) and curves, DSTU 4145-2002, GOST 34.311-95, DSTU 7564:2014, OpenMP
// and run-time CPU-extension dispatch; the copy we hold has no title page). Every
// table below ran on this machine, Windows 10, in an x86 and an x64 build.
const char* const kCpu002 = "Intel Core i7-6700HQ (4 cores, 8 threads, 2.6 GHz)";

// "002", «Производительность #3» (x86) and (x64): DSTU 4145-2002 public key generation,
// presignature, signing and verification ("каждое скалярное умножение выполняется в
// отдельном потоке": each scalar multiplication of verification on its own thread),
// López–Dahab coordinates and the Montgomery ladder, ms.
const std::array<SignatureRow, 10> kSignature002{{
    {163, {0.336, 0.349, 0.366, 0.367}, {0.21, 0.217, 0.228, 0.237}},
    {167, {0.354, 0.369, 0.372, 0.378}, {0.224, 0.226, 0.228, 0.248}},
    {173, {0.395, 0.401, 0.403, 0.428}, {0.246, 0.248, 0.252, 0.259}},
    {179, {0.423, 0.426, 0.429, 0.456}, {0.240, 0.244, 0.259, 0.258}},
    {191, {0.445, 0.46, 0.461, 0.482}, {0.260, 0.264, 0.267, 0.285}},
    {233, {0.724, 0.754, 0.765, 0.792}, {0.571, 0.576, 0.58, 0.536}},
    {257, {0.93, 0.935, 0.937, 0.999}, {0.748, 0.762, 0.764, 0.785}},
    {307, {1.45, 1.388, 1.435, 1.489}, {0.952, 0.956, 0.995, 1.041}},
    {367, {2.568, 2.570, 2.576, 2.882}, {1.414, 1.428, 1.44, 1.527}},
    {431, {3.540, 3.550, 3.559, 3.851}, {2.081, 2.151, 2.159, 2.292}},
}};

// "002", «Производительность #2» (x86) and (x64): hash, HMAC and KMAC over 16 kB
// messages repeated 10^6 times, MB/s. The x64 table's first column is headed "ECB", a
// slip for the hash column of the x86 table.
const std::array<HashRow, 4> kHash002{{
    {"gost34311", {34.41, 34.11, std::nullopt}, {34.87, 34.49, std::nullopt}},
    {"kupyna256", {67.70, 66.63, 67.14}, {101.79, 101.39, 101.07}},
    {"kupyna384", {44.40, 44.40, 45.00}, {75.62, 76.10, 76.40}},
    {"kupyna512", {44.23, 43.87, 44.10}, {75.59, 75.62, 75.73}},
}};

}  // namespace dstu::cli::bench::published

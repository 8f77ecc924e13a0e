# A stand-in Kokkos 5.0.2 package for the CMake probe tests: only the version
# check and the imported target matter (nothing is compiled against it).
set(Kokkos_VERSION 5.0.2)
if(NOT TARGET Kokkos::kokkos)
  add_library(Kokkos::kokkos INTERFACE IMPORTED)
endif()

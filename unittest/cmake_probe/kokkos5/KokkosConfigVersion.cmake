# stand-in Kokkos 5.0.2 (see ../same_major_version.cmake)
set(PACKAGE_VERSION "5.0.2")
include(${CMAKE_CURRENT_LIST_DIR}/../same_major_version.cmake)

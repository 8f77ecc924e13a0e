# stand-in Kokkos 4.4.1 (see ../same_major_version.cmake)
set(PACKAGE_VERSION "4.4.1")
include(${CMAKE_CURRENT_LIST_DIR}/../same_major_version.cmake)

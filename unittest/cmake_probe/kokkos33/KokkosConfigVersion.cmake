# stand-in Kokkos 3.3.1 (see ../same_major_version.cmake)
set(PACKAGE_VERSION "3.3.1")
include(${CMAKE_CURRENT_LIST_DIR}/../same_major_version.cmake)

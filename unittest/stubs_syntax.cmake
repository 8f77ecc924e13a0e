# cmake -P: every plugin source (not the Kokkos or cuSOLVER ones) compiles, syntax only,
# against LAMMPS's MPI STUBS headers (a LAMMPS built with BUILD_MPI=off, configured here
# with -D GEOMINT_MPI=off): the stubs take non-const buffers and lack MPI_INT64_T.
# Variables: CXX, STD, LAMMPS_SRC, GEOMINT_ROOT, FLAGS (the build's CMAKE_CXX_FLAGS), DEFS
file(GLOB sources "${GEOMINT_ROOT}/src/*.cpp")
list(FILTER sources EXCLUDE REGEX "geomint_cusolver\\.cpp$")
separate_arguments(flags UNIX_COMMAND "${FLAGS}")
separate_arguments(defs UNIX_COMMAND "${DEFS}")
set(incs -I${LAMMPS_SRC}/STUBS -I${LAMMPS_SRC})
foreach(pkg MOLECULE EXTRA-MOLECULE EXTRA-PAIR RIGID)
  if(EXISTS "${LAMMPS_SRC}/${pkg}")
    list(APPEND incs -I${LAMMPS_SRC}/${pkg})
  endif()
endforeach()
list(APPEND incs -I${GEOMINT_ROOT}/lib -I${GEOMINT_ROOT}/src)
set(failed 0)
foreach(src ${sources})
  execute_process(COMMAND ${CXX} -std=c++${STD} -fsyntax-only ${flags} ${defs} ${incs} ${src}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message("${src}: does not compile against the MPI STUBS:\n${out}")
    math(EXPR failed "${failed} + 1")
  endif()
endforeach()
list(LENGTH sources n)
if(failed)
  message(FATAL_ERROR "${failed} of ${n} sources do not compile against LAMMPS's MPI STUBS")
endif()
message("all ${n} sources compile against LAMMPS's MPI STUBS")

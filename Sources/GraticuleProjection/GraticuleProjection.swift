/// Map projection kernels live here.
public enum GraticuleProjection {}
